import { and, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { domainRevenueMonths, domains } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { type Backtest, backtest } from "./backtest";
import type { EarningsHistory } from "./earnings";
import { type Market, type MarketEntry, prepareMarket } from "./market";

/** Sales and listings change slowly; an appraisal may see them as they were a minute ago. */
const MARKET_TTL_MS = 60_000;

interface Snapshot {
  at: number;
  market: Market;
  /** The backtest on this market, once something asked for it. */
  backtest?: Backtest;
}
const snapshots = new WeakMap<Db, Snapshot>();

/** Every closed sale and current listing on the platform, as market entries. */
export async function loadMarketEntries(db: Db): Promise<MarketEntry[]> {
  const sold = await db
    .select({ name: domains.name, price: domains.soldPrice, at: domains.soldAt, sellerId: domains.userId })
    .from(domains)
    .where(and(isNotNull(domains.soldAt), isNotNull(domains.soldPrice)));
  const listed = await db
    .select({
      name: domains.name,
      price: domains.marketplacePrice,
      at: domains.listedAt,
      sellerId: domains.userId,
    })
    .from(domains)
    .where(and(isNotNull(domains.marketplacePrice), isNull(domains.soldAt)));
  const entry = (kind: MarketEntry["kind"]) => (r: (typeof sold)[number]) => ({
    name: r.name,
    price: Number(r.price),
    kind,
    at: r.at ?? new Date(0),
    sellerId: r.sellerId,
  });
  return [...sold.map(entry("sale")), ...listed.map(entry("listing"))];
}

/** The market, kept for a minute per process; `fresh` reads it again. */
export async function marketSnapshot(db: Db, options: { fresh?: boolean } = {}): Promise<Snapshot> {
  const kept = snapshots.get(db);
  if (kept && !options.fresh && Date.now() - kept.at < MARKET_TTL_MS) return kept;
  const snapshot: Snapshot = { at: Date.now(), market: prepareMarket(await loadMarketEntries(db)) };
  snapshots.set(db, snapshot);
  return snapshot;
}

/**
 * The engine's backtest on the market (it appraises every sale: seconds for thousands), run
 * once per market snapshot for reports and the console.
 */
export async function accuracySnapshot(db: Db, options: { fresh?: boolean } = {}): Promise<Backtest> {
  const snapshot = await marketSnapshot(db, options);
  snapshot.backtest ??= backtest(snapshot.market);
  return snapshot.backtest;
}

/** The backtest if one was run on the current market: the free estimate never waits for one. */
export function knownAccuracy(db: Db): Backtest | undefined {
  return snapshots.get(db)?.backtest;
}

/**
 * What the domain earned per month over the last year (parking, leads and other income; a sale
 * is not earnings), from its first month with revenue; the current month counts for its share
 * of days gone.
 */
export async function earningsHistory(
  db: Db,
  domainId: string,
  now = new Date(),
): Promise<EarningsHistory | null> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const rows = await db
    .select({
      month: domainRevenueMonths.month,
      earned: sql<string>`${domainRevenueMonths.parking} + ${domainRevenueMonths.lead} + ${domainRevenueMonths.other}`,
    })
    .from(domainRevenueMonths)
    .where(
      and(
        eq(domainRevenueMonths.domainId, domainId),
        gte(domainRevenueMonths.month, start.toISOString().slice(0, 10)),
      ),
    );
  const earning = rows.filter((r) => Number(r.earned) > 0);
  if (earning.length === 0) return null;
  const first = earning.map((r) => r.month).sort()[0];
  const firstDate = new Date(`${first}T00:00:00Z`);
  const wholeMonths =
    (now.getUTCFullYear() - firstDate.getUTCFullYear()) * 12 + now.getUTCMonth() - firstDate.getUTCMonth();
  const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  const months = Math.max(wholeMonths + now.getUTCDate() / daysInMonth, 1);
  const total = earning.reduce((s, r) => s + Number(r.earned), 0);
  return { averageMonthly: total / months, months: Math.round(months * 10) / 10 };
}
