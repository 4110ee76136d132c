import { sql } from "drizzle-orm";
import type { TRevisedDay, TSyncSummary } from "../../../shared/api/connections";
import type { TParkingNetwork } from "../../../shared/api/parking";
import type { Database, Db } from "../../db/pool";
import { breathe, chunks } from "../../lib/breathe";
import { type ParkingDay, writeParkingDays } from "../parking/write-parking-days";
import { type Connector, type ConnectorContext, ConnectorError, type DayStat } from "./connector";
import { type DayRate, usdConverter, usdRates } from "./exchange-rates";

/** What a parking network's sync needs from the app. */
export interface NetworkSyncDeps {
  db: Db;
  engine: Database["engine"];
  ratesUrl: string;
}

/** The first sync of a network fetches this many days; later ones re-fetch a trailing window, where revisions land. */
export const FIRST_SYNC_DAYS = 90;
export const REVISION_WINDOW_DAYS = 30;
/**
 * Domain-days per statement (one set-based write each): a day of a large account on a PostgreSQL
 * server; short on the embedded engine, which runs its statements in this very process.
 */
const ROWS_PER_STATEMENT = { postgres: 10_000, pglite: 200 } as const;
/** Figures merged and checked between two breaths, so that a large batch holds up no request. */
const ROWS_PER_SLICE = 5_000;
const REVISIONS_LISTED = 50;
const UNKNOWN_LISTED = 100;
const DAY_MS = 86_400_000;

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * A network's daily figures into reported revenue, as an imported report writes them (the same
 * rows and keys: idempotent per network, domain and day). The first run fetches 90 days, later
 * runs the last 30, where networks revise; a day whose figure changed is replaced and the change
 * kept in `parking_revisions`. Figures in another currency are converted at that day's reference
 * rate, recorded with the figure. Days before a name was the owner's are left out, as imports
 * leave them out; names the portfolio lacks are offered for adding. Each batch the service
 * answers is written while the next one is fetched and read.
 */
export async function syncNetwork(
  deps: NetworkSyncDeps,
  run: { userId: string; connector: Connector; ctx: ConnectorContext; firstSync: boolean; now: Date },
): Promise<TSyncSummary> {
  const yesterday = run.now.getTime() - DAY_MS;
  const from = dayOf(yesterday - ((run.firstSync ? FIRST_SYNC_DAYS : REVISION_WINDOW_DAYS) - 1) * DAY_MS);
  const to = dayOf(yesterday);
  const writer = networkWriter(deps, {
    userId: run.userId,
    network: run.connector.id as TParkingNetwork,
    from,
    to,
  });
  // A batch is merged and checked while the one before it is being written: the app's work and
  // the database's overlap, and the database, the longer of the two, sets the pace.
  let writing: Promise<void> = Promise.resolve();
  try {
    for await (const batch of oneAhead(run.connector.dayStats!(run.ctx, from, to))) {
      const days = await writer.prepare(batch);
      await writing;
      writing = writer.write(days);
      // Awaited before the next write or at the end; a failure meanwhile is not an unhandled one.
      writing.catch(() => {});
    }
    await writing;
  } catch (error) {
    // A fetch or a check failed: the run ends once the write under way has, so that the next
    // run never writes beside it.
    await writing.catch(() => {});
    throw error;
  }
  return writer.summary();
}

/** The batches of `source`, the next one already asked for while the caller handles the current one. */
async function* oneAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const batches = source[Symbol.asyncIterator]();
  let next = batches.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = batches.next();
      // Awaited on the next turn; a failure meanwhile is not an unhandled one.
      next.catch(() => {});
      yield current.value;
    }
  } finally {
    // The caller stopped early (a write failed): the source ends after the call it is making.
    void batches.return?.()?.catch(() => {});
  }
}

/** Writes a network's batches one after another, keeping what the run's summary tells. */
function networkWriter(
  deps: NetworkSyncDeps,
  run: { userId: string; network: TParkingNetwork; from: string; to: string },
) {
  const { db, engine } = deps;
  const { userId, network } = run;
  /** The portfolio's names met so far, by name; every name met is looked up once. */
  const owned = new Map<string, { id: string; since: string }>();
  const nameOf = new Map<string, string>();
  const lookedUp = new Set<string>();
  const unknown = new Set<string>();
  const rates = new Map<string, Map<string, DayRate>>();
  const converters = new Map<string, { convert: (amount: string) => string; source: string }>();
  const revisions: TRevisedDay[] = [];
  let written = 0;
  let revisedCount = 0;
  let beforeOwnership = 0;
  let outOfBounds = 0;

  async function lookUp(names: string[]) {
    const fresh = names.filter((n) => !lookedUp.has(n));
    if (fresh.length === 0) return;
    const { rows } = await db.execute<{ id: string; name: string; since: string }>(sql`
      select id, name, to_char(registration_date at time zone 'UTC', 'YYYY-MM-DD') as since
      from domains where user_id = ${userId} and name = any(${sql.param(fresh)}::text[])
    `);
    for (const d of rows) {
      owned.set(d.name, { id: d.id, since: d.since });
      nameOf.set(d.id, d.name);
    }
    for (const n of fresh) lookedUp.add(n);
  }

  /** The day's conversion of `currency` to dollars: the rate is read once per currency and day. */
  function converterFor(currency: string, day: string) {
    const key = `${currency} ${day}`;
    let converter = converters.get(key);
    if (!converter) {
      const rate = rates.get(currency)?.get(day);
      if (!rate) throw new ConnectorError("unavailable", `No ${currency} rate for ${day} yet.`);
      converter = { convert: usdConverter(rate.usd), source: rate.source };
      converters.set(key, converter);
    }
    return converter;
  }

  /** The batch's figures as domain-days to write, each left out as an imported report would leave it. */
  async function daysOf(stats: DayStat[]): Promise<ParkingDay[]> {
    await lookUp([...new Set(stats.map((s) => s.domain))]);
    for (const currency of new Set(stats.map((s) => s.currency))) {
      if (currency !== "USD" && !rates.has(currency))
        rates.set(currency, await usdRates(db, deps.ratesUrl, currency, run.from, run.to));
    }
    const days: ParkingDay[] = [];
    for (const [i, s] of stats.entries()) {
      if (i > 0 && i % ROWS_PER_SLICE === 0) await breathe();
      const domain = owned.get(s.domain);
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
      const figures = { domain_id: domain.id, day: s.day, visitors: s.visits, clicks: s.clicks };
      if (s.currency === "USD") {
        days.push({ ...figures, revenue: s.revenue });
        continue;
      }
      const { convert, source } = converterFor(s.currency, s.day);
      days.push({
        ...figures,
        revenue: convert(s.revenue),
        currency: s.currency,
        reported_amount: s.revenue,
        rate_source: source,
      });
    }
    return days;
  }

  return {
    /** The batch's figures as the domain-days to write. */
    async prepare(batch: DayStat[]): Promise<ParkingDay[]> {
      return daysOf(await mergedByDomainDay(batch));
    },
    async write(days: ParkingDay[]) {
      for (const part of chunks(days, ROWS_PER_STATEMENT[engine])) {
        const revised = await db.transaction((tx) =>
          writeParkingDays(tx, { userId, network, days: part, nameOf, revisions: true }),
        );
        written += part.length;
        revisedCount += revised.length;
        const listed = revised
          .map((r) => ({
            domain: nameOf.get(r.domain_id)!,
            day: r.day,
            previousRevenue: r.previous,
            revenue: r.revenue,
          }))
          .sort((a, b) => a.day.localeCompare(b.day) || a.domain.localeCompare(b.domain));
        revisions.push(...listed.slice(0, REVISIONS_LISTED - revisions.length));
        await breathe();
      }
    },
    summary(): TSyncSummary {
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
    },
  };
}

/** One figure per domain and day: a service listing a day twice is summed, as an import sums it. */
async function mergedByDomainDay(stats: DayStat[]): Promise<DayStat[]> {
  const merged = new Map<string, DayStat>();
  for (const [i, s] of stats.entries()) {
    if (i > 0 && i % ROWS_PER_SLICE === 0) await breathe();
    const key = `${s.domain} ${s.day}`;
    const seen = merged.get(key);
    if (seen && seen.currency === s.currency) {
      seen.visits += s.visits;
      seen.clicks += s.clicks;
      seen.revenue = addDecimal(seen.revenue, s.revenue);
    } else merged.set(key, { ...s });
  }
  return [...merged.values()];
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
