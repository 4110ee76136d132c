import { and, desc, eq, or, sql } from "drizzle-orm";
import type { TCreateExperimentBody, TExperiment } from "../../../shared/api/experiments";
import { type TPageBody, ZPageBody } from "../../../shared/api/parked-pages";
import { domains, experiments } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import { isEntitled } from "../entitlements/entitlements.service";
import { controlledDomain } from "../parked-pages/domain-control";
import {
  assertEditableWithoutBuilder,
  BUILDER_FEATURE,
  writePageVersion,
} from "../parked-pages/parked-pages.service";
import { sanitizeBlocks } from "../parked-pages/sanitize-blocks";
import {
  type Arm,
  chanceToBeBest,
  DEFAULT_STOPPING_RULE,
  type NetworkCounts,
  rateInterval,
  sampleRatioCheck,
  TOP_NETWORKS,
  trafficOf,
  winnerOf,
} from "./split-test-stats";

/** The Split Testing marketing tool's entitlement (shared/offer-grants.ts). */
export const SPLIT_TESTING_FEATURE = "marketing-tool:split-testing";

interface StoredVariant {
  name: string;
  weight: number;
  page: TPageBody;
}

interface Scope {
  db: Db;
  userId: string;
  /** Called when the served page changes (a test starts or ends), so that it is rendered again. */
  onChange?: (domainName: string) => void;
}

async function assertSplitTesting(db: Db, userId: string): Promise<void> {
  if (!(await isEntitled({ db, userId, feature: SPLIT_TESTING_FEATURE }))) {
    throw new AppError("FORBIDDEN", "Split tests need the Split Testing marketing tool.");
  }
}

/**
 * Starts a split test of a domain's page (docs/product.md#split-tests): the variants' pages are
 * checked and sanitised like any page (without the builder, each keeps its template's default
 * blocks); one test runs per domain at a time.
 */
export async function createExperiment(
  options: Scope & { input: TCreateExperimentBody },
): Promise<TExperiment> {
  const { db, userId, input } = options;
  await assertSplitTesting(db, userId);
  const domain = await controlledDomain(db, userId, input.domainId);
  const builder = await isEntitled({ db, userId, feature: BUILDER_FEATURE });
  const variants: StoredVariant[] = [];
  for (const v of input.variants) {
    if (!builder) assertEditableWithoutBuilder(v.page, domain.name);
    variants.push({
      name: v.name,
      weight: v.weight,
      page: { template: v.page.template, blocks: await sanitizeBlocks(v.page.blocks) },
    });
  }
  const [row] = await db
    .insert(experiments)
    .values({
      userId,
      domainId: domain.id,
      goal: input.goal,
      variants,
      threshold: String(input.threshold ?? DEFAULT_STOPPING_RULE.threshold),
      minVisitors: input.minVisitors ?? DEFAULT_STOPPING_RULE.minVisitors,
    })
    .onConflictDoNothing()
    .returning({ id: experiments.id });
  if (!row)
    throw new AppError("CONFLICT", `A split test is already running on ${domain.name}; stop it first.`);
  options.onChange?.(domain.name);
  return getExperiment({ ...options, experimentId: row.id });
}

type ExperimentRow = typeof experiments.$inferSelect;

async function armsOf(db: Db, row: ExperimentRow, count: number): Promise<Arm[]> {
  const { rows } = await db.execute<{ variant: number; visitors: number; conversions: number }>(sql`
    select variant, count(*)::int as visitors, count(*) filter (where converted)::int as conversions
    from experiment_visitors where experiment_id = ${row.id} group by variant
  `);
  const arms = Array.from({ length: count }, () => ({ visitors: 0, conversions: 0 }));
  for (const r of rows)
    if (arms[r.variant]) arms[r.variant] = { visitors: r.visitors, conversions: r.conversions };
  return arms;
}

/** How many networks a test's counted visitors came from, and how many visitors its busiest brought. */
async function networksOf(db: Db, row: ExperimentRow): Promise<NetworkCounts> {
  const { rows } = await db.execute<{ networks: number; visitors: number; top: number }>(sql`
    with per as (
      select count(*)::int as n from experiment_visitors where experiment_id = ${row.id}
      group by coalesce(network, visitor_id)
    )
    select count(*)::int as networks, coalesce(sum(n), 0)::int as visitors,
      coalesce((select sum(n) from (select n from per order by n desc limit ${TOP_NETWORKS}) t), 0)::int as top
    from per
  `);
  const counts = rows[0];
  return { networks: counts?.networks ?? 0, visitors: counts?.visitors ?? 0, topVisitors: counts?.top ?? 0 };
}

/** Ends a running test; a winner's page becomes the domain's page. False when it had already ended. */
async function stop(db: Db, row: ExperimentRow, winner: number | null): Promise<boolean> {
  const [stopped] = await db
    .update(experiments)
    .set({ status: "stopped", winner, stoppedAt: new Date() })
    .where(and(eq(experiments.id, row.id), eq(experiments.status, "running")))
    .returning({ id: experiments.id });
  if (!stopped) return false;
  if (winner !== null) {
    const variant = (row.variants as StoredVariant[])[winner];
    await writePageVersion(db, {
      domainId: row.domainId,
      userId: row.userId,
      page: ZPageBody.parse(variant.page),
    });
  }
  return true;
}

/**
 * A test's results: per variant its visitors, conversions, rate with its interval and chance to
 * be best, and the sample-ratio check. A running test that meets its stopping rule is stopped
 * here, and its winner becomes the page.
 */
export async function getExperiment(options: Scope & { experimentId: string }): Promise<TExperiment> {
  const { db, userId } = options;
  // The test's own account, or the domain's owner: a lessee's tests of a leased domain are the owner's to read.
  const [found] = await db
    .select({ test: experiments, domainName: domains.name })
    .from(experiments)
    .innerJoin(domains, eq(domains.id, experiments.domainId))
    .where(
      and(
        eq(experiments.id, options.experimentId),
        or(eq(experiments.userId, userId), eq(domains.userId, userId)),
      ),
    );
  if (!found) throw notFound("Split test");
  let row = found.test;
  const variants = row.variants as StoredVariant[];
  const weights = variants.map((v) => v.weight);
  const arms = await armsOf(db, row, variants.length);
  const traffic = trafficOf(await networksOf(db, row));
  const rule = { threshold: Number(row.threshold), minVisitors: row.minVisitors };
  if (row.status === "running") {
    const winner = winnerOf(arms, weights, rule, traffic);
    if (winner !== null && (await stop(db, row, winner))) {
      options.onChange?.(found.domainName);
      row = { ...row, status: "stopped", winner, stoppedAt: new Date() };
    }
  }
  const chances = chanceToBeBest(arms);
  return {
    id: row.id,
    domainId: row.domainId,
    domainName: found.domainName,
    goal: row.goal as TExperiment["goal"],
    status: row.status as TExperiment["status"],
    winner: row.winner === null ? null : (variants[row.winner]?.name ?? null),
    threshold: rule.threshold,
    minVisitors: rule.minVisitors,
    createdAt: row.createdAt.toISOString(),
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    variants: variants.map((v, i) => ({
      name: v.name,
      weight: v.weight,
      visitors: arms[i].visitors,
      conversions: arms[i].conversions,
      rate: arms[i].visitors ? arms[i].conversions / arms[i].visitors : 0,
      interval: rateInterval(arms[i]),
      chanceToBeBest: chances[i],
    })),
    srm: sampleRatioCheck(
      arms.map((a) => a.visitors),
      weights,
    ),
    traffic,
  };
}

/** The user's tests, newest first (of one domain when given). */
export async function listExperiments(options: Scope & { domainId?: string }): Promise<TExperiment[]> {
  const { db, userId } = options;
  const rows = await db
    .select({ id: experiments.id })
    .from(experiments)
    .innerJoin(domains, eq(domains.id, experiments.domainId))
    .where(
      and(
        or(eq(experiments.userId, userId), eq(domains.userId, userId)),
        options.domainId ? eq(experiments.domainId, options.domainId) : undefined,
      ),
    )
    .orderBy(desc(experiments.createdAt))
    .limit(50);
  return Promise.all(rows.map((r) => getExperiment({ ...options, experimentId: r.id })));
}

/** Ends a test by hand; the named variant, if any, becomes the page. */
export async function stopExperiment(
  options: Scope & { experimentId: string; winner?: string },
): Promise<TExperiment> {
  const { db, userId } = options;
  const [row] = await db
    .select()
    .from(experiments)
    .where(and(eq(experiments.id, options.experimentId), eq(experiments.userId, userId)));
  if (!row) throw notFound("Split test");
  const variants = row.variants as StoredVariant[];
  const winner = options.winner === undefined ? null : variants.findIndex((v) => v.name === options.winner);
  if (winner === -1) throw new AppError("UNPROCESSABLE", "Choose the winner among the test's variants.");
  if (row.status !== "running") throw new AppError("CONFLICT", "This split test has already ended.");
  await stop(db, row, winner);
  const [domain] = await db.select({ name: domains.name }).from(domains).where(eq(domains.id, row.domainId));
  if (domain) options.onChange?.(domain.name);
  return getExperiment(options);
}

/**
 * Checks every running test's stopping rule (the scheduled job), so that a test ends and its
 * winner becomes the page even while its owner is not looking. Answers how many tests it read.
 */
export async function evaluateRunningExperiments(db: Db): Promise<{ checked: number; stopped: number }> {
  const running = await db
    .select({ id: experiments.id, userId: experiments.userId })
    .from(experiments)
    .where(eq(experiments.status, "running"))
    .limit(1000);
  let stopped = 0;
  for (const test of running) {
    const result = await getExperiment({ db, userId: test.userId, experimentId: test.id });
    if (result.status === "stopped") stopped++;
  }
  return { checked: running.length, stopped };
}
