import { sql } from "drizzle-orm";
import type { TRevisedDay, TSyncSummary } from "../../../shared/api/connections";
import type { TAdNetwork } from "../../../shared/api/domains";
import { shippedRenewalPrice } from "../../../shared/tld-prices";
import type { Database, Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { breathe, chunks } from "../../lib/breathe";
import { normalizeDomainName } from "../../lib/domain-name";
import type { NameserverPool } from "../../lib/nameserver-pool";
import type { Logger } from "../../logger";
import { assignNameservers } from "../domains/assign-nameservers";
import { type ParkingDay, writeParkingDays } from "../parking/parking-import.service";
import { assertPlanAllows } from "../plans/plan-limits";
import {
  type Connector,
  type ConnectorContext,
  ConnectorError,
  type DayStat,
  type RegistrarDomain,
} from "./connector";
import { type CredentialKeys, openCredentials } from "./credentials";
import { convertToUsd, usdRates } from "./exchange-rates";
import { CONNECTORS } from "./services";

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
/** The first sync of a network fetches this many days; later ones re-fetch a trailing window, where revisions land. */
export const FIRST_SYNC_DAYS = 90;
export const REVISION_WINDOW_DAYS = 30;
/** Rows per statement: short enough that other requests are answered between them (the embedded engine runs in this process). */
const ROWS_PER_STATEMENT = { postgres: 5_000, pglite: 200 } as const;
const REVISIONS_LISTED = 50;
const UNKNOWN_LISTED = 100;
const DAY_MS = 86_400_000;

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
        : await syncNetwork(deps, row, connector, ctx, now);
    await db.execute(sql`
      update connections set running_since = null, last_run_at = ${now.toISOString()}, last_status = 'ok',
        last_error = null, last_summary = ${JSON.stringify(summary)}::jsonb, next_run_at = ${next}
      where id = ${row.id}
    `);
    return "done";
  } catch (error) {
    const message =
      error instanceof ConnectorError
        ? error.message
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

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * A network's daily figures into reported revenue, as an imported report writes them (the same
 * rows and keys: idempotent per network, domain and day). The first run fetches 90 days, later
 * runs the last 30, where networks revise; a day whose figure changed is replaced and the change
 * kept in `parking_revisions`. Figures in another currency are converted at that day's reference
 * rate, recorded with the figure. Days before a name was the owner's are left out, as imports
 * leave them out; names the portfolio lacks are offered for adding.
 */
async function syncNetwork(
  deps: SyncDeps,
  row: Row,
  connector: Connector,
  ctx: ConnectorContext,
  now: Date,
): Promise<TSyncSummary> {
  const { db, engine } = deps;
  const userId = row.user_id;
  const network = connector.id as TAdNetwork;
  const yesterday = now.getTime() - DAY_MS;
  const from = dayOf(yesterday - ((row.last_run_at ? REVISION_WINDOW_DAYS : FIRST_SYNC_DAYS) - 1) * DAY_MS);
  const to = dayOf(yesterday);
  const stats = await connector.fetchDayStats!(ctx, from, to);

  // Rates for each other currency over the window.
  const rates = new Map<string, Awaited<ReturnType<typeof usdRates>>>();
  for (const currency of new Set(stats.map((s) => s.currency))) {
    if (currency !== "USD") rates.set(currency, await usdRates(db, deps.ratesUrl, currency, from, to));
  }

  const names = [...new Set(stats.map((s) => s.domain))];
  const { rows: owned } = await db.execute<{ id: string; name: string; since: string }>(sql`
    select id, name, to_char(registration_date at time zone 'UTC', 'YYYY-MM-DD') as since
    from domains where user_id = ${userId} and name = any(${sql.param(names)}::text[])
  `);
  const byName = new Map(owned.map((d) => [d.name, d]));
  const nameOf = new Map(owned.map((d) => [d.id, d.name]));
  const unknown = new Set<string>();
  let beforeOwnership = 0;
  let outOfBounds = 0;
  const days: ParkingDay[] = [];
  // One figure per domain and day: a service listing a day twice is summed, as an import sums it.
  const merged = new Map<string, DayStat>();
  for (const s of stats) {
    const key = `${s.domain} ${s.day}`;
    const seen = merged.get(key);
    if (seen && seen.currency === s.currency) {
      seen.visits += s.visits;
      seen.clicks += s.clicks;
      seen.revenue = addDecimal(seen.revenue, s.revenue);
    } else merged.set(key, { ...s });
  }
  for (const s of merged.values()) {
    const domain = byName.get(s.domain);
    if (!domain) {
      unknown.add(s.domain);
      continue;
    }
    if (s.day < domain.since) {
      beforeOwnership++;
      continue;
    }
    if (!withinBounds(s)) {
      outOfBounds++;
      continue;
    }
    if (s.currency === "USD") {
      days.push({
        domain_id: domain.id,
        day: s.day,
        visitors: s.visits,
        clicks: s.clicks,
        revenue: s.revenue,
      });
      continue;
    }
    const rate = rates.get(s.currency)?.get(s.day);
    if (!rate)
      throw new ConnectorError(
        "unavailable",
        `No ${s.currency} rate for ${s.day} yet; the next run tries again.`,
      );
    days.push({
      domain_id: domain.id,
      day: s.day,
      visitors: s.visits,
      clicks: s.clicks,
      revenue: convertToUsd(s.revenue, rate.usd),
      currency: s.currency,
      reported_amount: s.revenue,
      rate_source: rate.source,
    });
  }

  let written = 0;
  let revisedCount = 0;
  const revisions: TRevisedDay[] = [];
  for (const part of chunks(days, ROWS_PER_STATEMENT[engine])) {
    await db.transaction(async (tx) => {
      const { rows: before } = await tx.execute<{ domain_id: string; day: string; revenue: string }>(sql`
        select x.domain_id, to_char(x.day, 'YYYY-MM-DD') as day, p.revenue::text as revenue
        from jsonb_to_recordset(${JSON.stringify(part.map((d) => ({ domain_id: d.domain_id, day: d.day })))}::jsonb)
          as x(domain_id uuid, day date)
        cross join lateral (
          select revenue from parking_reports p
          where p.domain_id = x.domain_id and p.network = ${network} and p.day = x.day and p.user_id = ${userId}
        ) p
      `);
      const earlier = new Map(before.map((b) => [`${b.domain_id} ${b.day}`, b.revenue]));
      const stored = await writeParkingDays(tx, { userId, network, days: part, nameOf });
      written += stored.length;
      const changed = stored
        .map((s) => ({ s, previous: earlier.get(`${s.domain_id} ${s.day}`) }))
        .filter(({ s, previous }) => previous !== undefined && Number(previous) !== Number(s.revenue));
      if (changed.length > 0) {
        revisedCount += changed.length;
        await tx.execute(sql`
          insert into parking_revisions (user_id, domain_id, network, day, previous_revenue, revenue)
          select ${userId}, domain_id, ${network}, day, previous_revenue, revenue
          from jsonb_to_recordset(${JSON.stringify(
            changed.map(({ s, previous }) => ({
              domain_id: s.domain_id,
              day: s.day,
              previous_revenue: previous,
              revenue: s.revenue,
            })),
          )}::jsonb) as x(domain_id uuid, day date, previous_revenue numeric, revenue numeric)
        `);
        for (const { s, previous } of changed) {
          if (revisions.length < REVISIONS_LISTED) {
            revisions.push({
              domain: nameOf.get(s.domain_id)!,
              day: s.day,
              previousRevenue: previous!,
              revenue: s.revenue,
            });
          }
        }
      }
    });
    await breathe();
  }
  const unknownDomains = [...unknown].sort();
  return {
    daysWritten: written,
    daysRevised: revisedCount,
    revisions,
    daysBeforeOwnership: beforeOwnership,
    ...(outOfBounds > 0 ? { daysOutOfBounds: outOfBounds } : {}),
    unknownDomains: unknownDomains.slice(0, UNKNOWN_LISTED),
    unknownDomainCount: unknownDomains.length,
  };
}

function addDecimal(a: string, b: string): string {
  const micros = (t: string) => {
    const [w, f = ""] = t.split(".");
    return BigInt(w || "0") * 1_000_000n + BigInt(`${f}000000`.slice(0, 6));
  };
  const sum = micros(a) + micros(b);
  return `${sum / 1_000_000n}.${String(sum % 1_000_000n).padStart(6, "0")}`;
}

/** The bounds an imported report's domain-day keeps (README: Parking reports), in the network's own figures. */
function withinBounds(s: DayStat): boolean {
  return (
    /^\d{1,9}(\.\d+)?$/.test(s.revenue) &&
    Number(s.revenue) <= 100_000 &&
    Number.isInteger(s.visits) &&
    Number.isInteger(s.clicks) &&
    s.visits >= 0 &&
    s.clicks >= 0 &&
    s.visits <= 10_000_000 &&
    s.clicks <= 10_000_000
  );
}
