import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type {
  TConnection,
  TConnectionService,
  TCreateConnectionBody,
  TParkResult,
  TRegistrarDomain,
  TRenewalRow,
  TSyncSummary,
} from "../../../shared/api/connections";
import { connections, registrarDomains } from "../../../shared/schema";
import { TLD_RENEWAL_PRICES } from "../../../shared/tld-prices";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import type { Mailer } from "../../mail/mailer";
import type { OwnershipChecker } from "../domains/check-ownership";
import { verifyDomainNow } from "../domains/verify-domain";
import { ConnectorError, describeService, toldAtOnce } from "./connector";
import { openCredentials, sealCredentials } from "./credentials";
import { CONNECTORS } from "./services";
import { connectorContext, type SyncDeps } from "./sync";
import { scheduleConnectionSync } from "./sync-schedule";

export const listServices = (): TConnectionService[] => Object.values(CONNECTORS).map(describeService);

type StoredConnection = typeof connections.$inferSelect;

function present(row: StoredConnection): TConnection {
  const connector = CONNECTORS[row.service as keyof typeof CONNECTORS];
  return {
    id: row.id,
    service: row.service,
    serviceName: connector?.name ?? row.service,
    kind: row.kind as TConnection["kind"],
    account: row.account,
    paused: row.pausedAt !== null,
    running: row.runningSince !== null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastStatus: (row.lastStatus as TConnection["lastStatus"]) ?? null,
    lastError: row.lastError,
    nextRunAt: row.pausedAt ? null : row.nextRunAt.toISOString(),
    summary: (row.lastSummary as TSyncSummary | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Connects an account at a service: its credentials are tried with one real call first (a
 * refusal is answered in the service's words and nothing is stored), then sealed and stored, and
 * the first sync queued. The same account connected twice is refused.
 */
export async function createConnection(
  deps: SyncDeps,
  userId: string,
  input: TCreateConnectionBody,
): Promise<TConnection> {
  const connector = CONNECTORS[input.service];
  const credentials: Record<string, string> = {};
  const missing: { path: string[]; message: string }[] = [];
  for (const field of connector.fields) {
    const value = input.credentials[field.name];
    if (value) credentials[field.name] = value;
    else missing.push({ path: ["credentials", field.name], message: `${field.label} is required` });
  }
  if (missing.length > 0) {
    throw new AppError(
      "BAD_REQUEST",
      `${connector.name} needs ${missing.map((m) => m.message.replace(" is required", "")).join(", ")}.`,
    );
  }
  let account: string;
  try {
    ({ account } = await connector.testCredentials(connectorContext(deps, connector, credentials)));
  } catch (error) {
    if (error instanceof ConnectorError) throw new AppError("UNPROCESSABLE", toldAtOnce(error));
    throw error;
  }
  const id = randomUUID();
  const [created] = await deps.db
    .insert(connections)
    .values({
      id,
      userId,
      service: connector.id,
      kind: connector.kind,
      account,
      ...sealCredentials(deps.keys, id, credentials),
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError("CONFLICT", `This ${connector.name} account is already connected.`);
  await deps.db.execute(sql`
    insert into account_events (user_id, kind, description)
    values (${userId}, 'connection_changed', ${`Connected ${connector.name} (${account})`})
  `);
  scheduleConnectionSync(id);
  return present(created);
}

export async function listConnections(db: Db, userId: string): Promise<TConnection[]> {
  const rows = await db
    .select()
    .from(connections)
    .where(eq(connections.userId, userId))
    .orderBy(connections.createdAt);
  return rows.map(present);
}

async function ownConnection(db: Db, userId: string, id: string): Promise<StoredConnection> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, id), eq(connections.userId, userId)));
  if (!row) throw notFound("Connection");
  return row;
}

/** Removes the connection and its sealed credentials; the names and figures it brought stay. */
export async function deleteConnection(db: Db, userId: string, id: string): Promise<void> {
  const row = await ownConnection(db, userId, id);
  await db.delete(connections).where(and(eq(connections.id, id), eq(connections.userId, userId)));
  await db.execute(sql`
    insert into account_events (user_id, kind, description)
    values (${userId}, 'connection_changed', ${`Removed the ${CONNECTORS[row.service as keyof typeof CONNECTORS]?.name ?? row.service} connection (${row.account})`})
  `);
}

export async function setPaused(db: Db, userId: string, id: string, paused: boolean): Promise<TConnection> {
  await ownConnection(db, userId, id);
  const [row] = await db
    .update(connections)
    .set(
      paused
        ? { pausedAt: sql`coalesce(${connections.pausedAt}, now())` }
        : { pausedAt: null, nextRunAt: sql`now()` },
    )
    .where(and(eq(connections.id, id), eq(connections.userId, userId)))
    .returning();
  if (!paused) scheduleConnectionSync(id);
  return present(row);
}

/** "Sync now": the connection is due at once and its job queued. */
export async function requestSync(db: Db, userId: string, id: string): Promise<TConnection> {
  const row = await ownConnection(db, userId, id);
  if (row.pausedAt) throw new AppError("CONFLICT", "This connection is paused: resume it to sync.");
  const [due] = await db
    .update(connections)
    .set({ nextRunAt: sql`now()` })
    .where(and(eq(connections.id, id), eq(connections.userId, userId)))
    .returning();
  scheduleConnectionSync(id);
  return present(due);
}

/**
 * Park in one step: the registrar that holds the name for this account is told to set its
 * nameservers to the pair drawn for it, then the name is looked up as "Verify now" does. A
 * registrar whose names stay on its own nameservers (Cloudflare Registrar) is refused in its words.
 */
export async function parkInOneStep(
  deps: SyncDeps & { mailer: Mailer; checker: OwnershipChecker; appUrl: string },
  userId: string,
  domainId: string,
): Promise<TParkResult> {
  const { db } = deps;
  const { rows } = await db.execute<{
    name: string;
    pair: string[] | null;
    connection_id: string | null;
  }>(sql`
    select d.name, d.verification_nameservers as pair, r.connection_id
    from domains d left join registrar_domains r on r.domain_id = d.id and r.user_id = ${userId}
    where d.id = ${domainId} and d.user_id = ${userId}
  `);
  const domain = rows[0];
  if (!domain) throw notFound("Domain");
  if (!domain.connection_id) {
    throw new AppError(
      "CONFLICT",
      `No connected registrar holds ${domain.name}: connect its registrar, or set the nameservers there by hand.`,
    );
  }
  const pair = domain.pair ?? [];
  if (pair.length === 0) {
    throw new AppError(
      "CONFLICT",
      `No nameserver pair is left for ${domain.name}: prove it with its TXT record instead.`,
    );
  }
  const row = await ownConnection(db, userId, domain.connection_id);
  const connector = CONNECTORS[row.service as keyof typeof CONNECTORS];
  // A registrar that keeps its names on its own nameservers is not asked at all.
  if (connector?.cannotPark) throw new AppError("CONFLICT", connector.cannotPark);
  if (!connector?.setNameservers) throw new AppError("CONFLICT", `${row.service} cannot set nameservers.`);
  const credentials = openCredentials(deps.keys, row);
  try {
    await connector.setNameservers(connectorContext(deps, connector, credentials), domain.name, pair);
  } catch (error) {
    if (error instanceof ConnectorError) throw new AppError("UNPROCESSABLE", toldAtOnce(error));
    throw error;
  }
  await db
    .update(registrarDomains)
    .set({ nameservers: pair })
    .where(and(eq(registrarDomains.domainId, domainId), eq(registrarDomains.userId, userId)));
  const checked = await verifyDomainNow({
    db,
    mailer: deps.mailer,
    checker: deps.checker,
    appUrl: deps.appUrl,
    userId,
    domainId,
  });
  const parked = checked.status === "active" || checked.status === "parked";
  return {
    domainId,
    nameservers: pair,
    registrar: connector.name,
    status: parked ? checked.status : "pending",
    message: parked
      ? `${domain.name} now points at ${pair.join(" and ")} and is parked.`
      : `${connector.name} now points ${domain.name} at ${pair.join(" and ")}; it is parked once DNS shows it (checked every few minutes).`,
  };
}

/**
 * Renew or drop: every name with a renewal cost or a registrar's expiry, its last 12 months of
 * revenue (reported and platform) against that cost, those losing the most first.
 */
export async function renewals(db: Db, userId: string): Promise<TRenewalRow[]> {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    expires_at: string | null;
    auto_renew: boolean | null;
    renewal_cost: string | null;
    revenue: string;
  }>(sql`
    select d.id, d.name, d.expiry_date::text as expires_at, r.auto_renew, d.renewal_cost::text as renewal_cost,
      coalesce((select sum(e.amount) from revenue_events e
        where e.user_id = ${userId} and e.domain_id = d.id and e.occurred_at > now() - interval '365 days'), 0)::numeric(12,2)::text as revenue
    from domains d left join registrar_domains r on r.domain_id = d.id
    where d.user_id = ${userId} and d.sold_at is null and (d.renewal_cost is not null or r.domain_id is not null)
  `);
  const cents = (t: string) => Math.round(Number(t) * 100);
  return rows
    .map((r) => {
      const net = r.renewal_cost === null ? null : cents(r.revenue) - cents(r.renewal_cost);
      return {
        domainId: r.id,
        name: r.name,
        expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
        autoRenew: r.auto_renew,
        renewalCost: r.renewal_cost,
        revenue12m: r.revenue,
        net:
          net === null
            ? null
            : `${net < 0 ? "-" : ""}${Math.floor(Math.abs(net) / 100)}.${String(Math.abs(net) % 100).padStart(2, "0")}`,
        netCents: net,
      };
    })
    .sort(
      (a, b) =>
        (a.netCents ?? Number.POSITIVE_INFINITY) - (b.netCents ?? Number.POSITIVE_INFINITY) ||
        a.name.localeCompare(b.name),
    )
    .map(({ netCents: _, ...row }) => row);
}

/** The TLD renewal prices this account uses: the shipped table with its own over it. */
export async function tldPriceTable(
  db: Db,
  userId: string,
): Promise<{ tld: string; price: string; own: boolean }[]> {
  const { rows } = await db.execute<{ tld: string; price: string }>(
    sql`select tld, price::text as price from tld_prices where user_id = ${userId}`,
  );
  const own = new Map(rows.map((r) => [r.tld, r.price]));
  const tlds = new Set([...Object.keys(TLD_RENEWAL_PRICES), ...own.keys()]);
  return [...tlds]
    .sort()
    .map((tld) => ({ tld, price: own.get(tld) ?? TLD_RENEWAL_PRICES[tld], own: own.has(tld) }));
}

/** Sets the account's price for a TLD; its registrar-held names of that TLD without a registrar price take it now. */
export async function setTldPrice(db: Db, userId: string, tld: string, price: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into tld_prices (user_id, tld, price) values (${userId}, ${tld}, ${price})
      on conflict (user_id, tld) do update set price = excluded.price
    `);
    await tx.execute(sql`
      update domains d set renewal_cost = ${price}
      from registrar_domains r
      where r.domain_id = d.id and d.user_id = ${userId} and r.renewal_price is null and d.name like ${`%.${tld}`}
    `);
  });
  return tldPriceTable(db, userId);
}

/** What the registrar that holds the name for this account says of it; null when none does. */
export async function registrarDomain(
  db: Db,
  userId: string,
  domainId: string,
): Promise<TRegistrarDomain | null> {
  const [row] = await db
    .select({ r: registrarDomains, service: connections.service })
    .from(registrarDomains)
    .innerJoin(connections, eq(connections.id, registrarDomains.connectionId))
    .where(and(eq(registrarDomains.domainId, domainId), eq(registrarDomains.userId, userId)));
  if (!row) {
    const { rows } = await db.execute(
      sql`select 1 from domains where id = ${domainId} and user_id = ${userId}`,
    );
    if (rows.length === 0) throw notFound("Domain");
    return null;
  }
  const connector = CONNECTORS[row.service as keyof typeof CONNECTORS];
  return {
    connectionId: row.r.connectionId,
    registrar: connector?.name ?? row.service,
    expiresAt: row.r.expiresAt?.toISOString() ?? null,
    autoRenew: row.r.autoRenew,
    locked: row.r.locked,
    privacy: row.r.privacy,
    nameservers: row.r.nameservers,
    seenAt: row.r.seenAt.toISOString(),
    cannotPark: connector?.cannotPark ?? null,
  };
}
