import { sql } from "drizzle-orm";
import type { TSyncSummary } from "../../../shared/api/connections";
import { shippedRenewalPrice } from "../../../shared/tld-prices";
import type { Database, Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { breathe, chunks } from "../../lib/breathe";
import { normalizeDomainName } from "../../lib/domain-name";
import type { Logger } from "../../lib/logger";
import type { NameserverPool } from "../../lib/nameserver-pool";
import { assignNameservers } from "../domains/assign-nameservers";
import { assertPlanAllows } from "../plans/plan-limits";
import {
  type Connector,
  type ConnectorContext,
  ConnectorError,
  type RegistrarDomain,
  toldOfSync,
} from "./connector";
import { type CredentialKeys, openCredentials } from "./credentials";
import { CONNECTORS } from "./services";
import { syncNetwork } from "./sync-network";

/** What a sync needs from the app. */
export interface SyncDeps {
  db: Db;
  engine: Database["engine"];
  keys: CredentialKeys;
  logger: Logger;
  nameserverPool: NameserverPool;
  /** Base URLs by the connector's variable (`NAMECHEAP_API_URL`…), unset: the service's own. */
  urls: Record<string, string | undefined>;
  clientIp: string;
  backoffMs: number;
  ratesUrl: string;
  syncHours: number;
  now?: () => Date;
}

/** A run older than this is taken to have died with its instance, and the connection is run again. */
const STALE_RUN_MINUTES = 30;
/** Names per statement: short enough that other requests are answered between them (the embedded engine runs in this process). */
const ROWS_PER_STATEMENT = { postgres: 5_000, pglite: 200 } as const;

type Row = {
  id: string;
  user_id: string;
  service: string;
  kind: string;
  credentials: string;
  credentials_key_id: string;
  last_run_at: string | null;
};

export function connectorContext(
  deps: SyncDeps,
  connector: Connector,
  credentials: Record<string, string>,
): ConnectorContext {
  return {
    baseUrl: deps.urls[connector.urlVariable] ?? connector.defaultUrl,
    credentials,
    clientIp: deps.clientIp,
    backoff: async (attempt, retryAfterSeconds) => {
      const wait = Math.max(deps.backoffMs * 2 ** (attempt - 1), (retryAfterSeconds ?? 0) * 1000);
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5 * 60_000)));
    },
  };
}

/**
 * Runs one connection's sync, once: the row is claimed (a run another instance holds is left
 * alone), the service is asked through its connector, what it answered is written, and the
 * outcome stored in plain words with the next run's time. Answers what happened.
 */
export async function syncConnection(
  deps: SyncDeps,
  connectionId: string,
): Promise<"done" | "failed" | "busy" | "missing"> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const { rows } = await db.execute<Row>(sql`
    update connections set running_since = ${now.toISOString()}
    where id = ${connectionId} and paused_at is null
      and (running_since is null or running_since < ${now.toISOString()}::timestamptz - ${`${STALE_RUN_MINUTES} minutes`}::interval)
    returning id, user_id, service, kind, credentials, credentials_key_id, last_run_at::text as last_run_at
  `);
  const row = rows[0];
  if (!row) {
    const { rows: exists } = await db.execute(sql`select 1 from connections where id = ${connectionId}`);
    return exists.length > 0 ? "busy" : "missing";
  }
  const next = new Date(now.getTime() + deps.syncHours * 3_600_000).toISOString();
  try {
    const connector = CONNECTORS[row.service as keyof typeof CONNECTORS];
    if (!connector) throw new ConnectorError("refused", `${row.service} is no longer supported.`);
    const credentials = openCredentials(deps.keys, {
      id: row.id,
      credentials: row.credentials,
      credentialsKeyId: row.credentials_key_id,
    });
    const ctx = connectorContext(deps, connector, credentials);
    const summary =
      connector.kind === "registrar"
        ? await syncRegistrar(deps, row, connector, ctx)
        : await syncNetwork(deps, {
            userId: row.user_id,
            connector,
            ctx,
            firstSync: row.last_run_at === null,
            now,
          });
    await db.execute(sql`
      update connections set running_since = null, last_run_at = ${now.toISOString()}, last_status = 'ok',
        last_error = null, last_summary = ${JSON.stringify(summary)}::jsonb, next_run_at = ${next}
      where id = ${row.id}
    `);
    return "done";
  } catch (error) {
    const message =
      error instanceof ConnectorError
        ? toldOfSync(error)
        : "The sync failed unexpectedly; the next run tries again.";
    // Never the credentials: the connector's words, or the error's name and message.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    const reason = error instanceof Error ? error.message : String(error);
    const facts = { connectionId: row.id, service: row.service, reason, cause };
    if (error instanceof ConnectorError) deps.logger.warn(facts, "connection sync failed");
    else deps.logger.error(facts, "connection sync failed");
    await db.execute(sql`
      update connections set running_since = null, last_run_at = ${now.toISOString()}, last_status = 'failed',
        last_error = ${message}, next_run_at = ${next}
      where id = ${row.id}
    `);
    return "failed";
  }
}

/** Every name the registrar lists, page after page (each page's throttling answers waited out). */
async function listAll(connector: Connector, ctx: ConnectorContext): Promise<RegistrarDomain[]> {
  const all = new Map<string, RegistrarDomain>();
  let cursor: string | null = null;
  do {
    const page = await connector.listDomains!(ctx, cursor);
    for (const d of page.domains) {
      const checked = normalizeDomainName(d.name);
      if (checked.ok) all.set(checked.name, { ...d, name: checked.name });
    }
    cursor = page.next;
    await breathe();
  } while (cursor);
  return [...all.values()];
}

/**
 * A registrar's names into the portfolio: each one the account lacks is added (pending until its
 * DNS proves it, with a nameserver pair drawn for it, as an import adds it), as far as the plan
 * allows; a name another account has verified is left out. Every held name's registrar facts
 * are stored, its expiry and its renewal cost (the registrar's price, else the account's or the
 * shipped TLD price) written to the domain.
 */
async function syncRegistrar(
  deps: SyncDeps,
  row: Row,
  connector: Connector,
  ctx: ConnectorContext,
): Promise<TSyncSummary> {
  const { db, engine } = deps;
  const userId = row.user_id;
  const listed = await listAll(connector, ctx);
  const size = ROWS_PER_STATEMENT[engine];
  let added = 0;
  let matched = 0;
  let leftOut = 0;
  const { rows: prices } = await db.execute<{ tld: string; price: string }>(
    sql`select tld, price::text as price from tld_prices where user_id = ${userId}`,
  );
  const ownPrice = new Map(prices.map((p) => [p.tld, p.price]));
  const priceOf = (d: RegistrarDomain) => {
    if (d.renewalPrice) return d.renewalPrice;
    const labels = d.name.split(".");
    for (let i = 1; i < labels.length; i++) {
      const own = ownPrice.get(labels.slice(i).join("."));
      if (own) return own;
    }
    return shippedRenewalPrice(d.name);
  };
  for (const part of chunks(listed, size)) {
    const names = part.map((d) => d.name);
    await db.transaction(async (tx) => {
      const { rows: known } = await tx.execute<{ name: string; mine: boolean }>(sql`
        select name, bool_or(user_id = ${userId}) as mine from domains
        where name = any(${sql.param(names)}::text[]) and (user_id = ${userId} or verified_at is not null)
        group by name
      `);
      const mine = new Set(known.filter((k) => k.mine).map((k) => k.name));
      const takenElsewhere = new Set(known.filter((k) => !k.mine).map((k) => k.name));
      let fresh = part.filter((d) => !mine.has(d.name) && !takenElsewhere.has(d.name));
      leftOut += part.filter((d) => takenElsewhere.has(d.name) && !mine.has(d.name)).length;
      matched += part.filter((d) => mine.has(d.name)).length;
      const room = await roomForDomains(tx, userId, fresh.length);
      if (room < fresh.length) {
        leftOut += fresh.length - room;
        fresh = fresh.slice(0, room);
      }
      if (fresh.length > 0) {
        const pairs = await assignNameservers(tx, {
          pool: deps.nameserverPool,
          userId,
          names: fresh.map((d) => d.name),
        });
        const inserted = await tx.execute(sql`
          insert into domains (user_id, name, status, verification_nameservers, verification_rule, registration_date)
          select ${userId}, x.name, 'pending', x.pair, 'any', coalesce(least(x.created, now()), now())
          from jsonb_to_recordset(${JSON.stringify(
            fresh.map((d) => ({ name: d.name, pair: pairs.get(d.name) ?? [], created: d.createdAt })),
          )}::jsonb)
            as x(name text, pair text[], created timestamptz)
          on conflict (user_id, name) do nothing
        `);
        added += inserted.rowCount ?? 0;
      }
      const facts = part.map((d) => ({
        name: d.name,
        expires_at: d.expiresAt,
        auto_renew: d.autoRenew,
        locked: d.locked,
        privacy: d.privacy,
        nameservers: d.nameservers,
        renewal_price: d.renewalPrice,
        cost: priceOf(d),
      }));
      await tx.execute(sql`
        with x as (
          select * from jsonb_to_recordset(${JSON.stringify(facts)}::jsonb) as x(name text, expires_at timestamptz,
            auto_renew boolean, locked boolean, privacy boolean, nameservers text[], renewal_price numeric, cost numeric)
        ), d as (
          update domains set expiry_date = coalesce(x.expires_at, domains.expiry_date),
            renewal_cost = coalesce(x.cost, domains.renewal_cost),
            -- The registrar holds it for this account: its pair proves it, even if the name pointed
            -- at the platform before (a rule already decided stays).
            verification_rule = coalesce(domains.verification_rule, 'any')
          from x where domains.user_id = ${userId} and domains.name = x.name
          returning domains.id, x.*
        )
        insert into registrar_domains (domain_id, user_id, connection_id, expires_at, auto_renew, locked, privacy,
          nameservers, renewal_price, seen_at)
        select d.id, ${userId}, ${row.id}, d.expires_at, d.auto_renew, d.locked, d.privacy, d.nameservers, d.renewal_price, now()
        from d
        on conflict (domain_id) do update set connection_id = excluded.connection_id, expires_at = excluded.expires_at,
          auto_renew = excluded.auto_renew, locked = excluded.locked, privacy = excluded.privacy,
          nameservers = excluded.nameservers, renewal_price = excluded.renewal_price, seen_at = excluded.seen_at
      `);
      if (fresh.length > 0) {
        await tx.execute(sql`
          insert into account_events (user_id, kind, description)
          values (${userId}, 'domains_imported', ${`Added ${fresh.length} domain${fresh.length === 1 ? "" : "s"} from ${connector.name}`})
        `);
      }
    });
    await breathe();
  }
  return {
    domainsListed: listed.length,
    domainsAdded: added,
    domainsMatched: matched,
    ...(leftOut > 0 ? { unknownDomainCount: leftOut } : {}),
  };
}

/** How many of `wanted` new names the plan has room for. */
async function roomForDomains(tx: Tx, userId: string, wanted: number) {
  if (wanted === 0) return 0;
  try {
    await assertPlanAllows(tx, userId, { kind: "add-domains", count: wanted });
    return wanted;
  } catch (error) {
    const limit = (error as { limit?: { limit: number; used: number } }).limit;
    if (!limit) throw error;
    return Math.max(0, limit.limit - limit.used);
  }
}
