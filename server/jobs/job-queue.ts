import type pg from "pg";
import PgBoss from "pg-boss";
import { withAdvisoryLock } from "../db/advisory-lock";
import type { Db } from "../db/pool";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import type { OwnershipChecker } from "../modules/domains/check-ownership";
import { evaluateRunningExperiments } from "../modules/experiments/experiments.service";
import type { PayoutSender } from "../payments/provider";
import { type AutoPayoutJobOptions, installAutoPayoutsJob, workAutoPayoutsJob } from "./auto-payouts-job";
import { type BillingJobOptions, installBillingJobs, workBillingJobs } from "./billing-jobs";
import { checkDomainOwnership, PENDING_CHECK_MINUTES } from "./check-domain-ownership";
import { sendExpiryWarnings } from "./expiry-warnings";
import { installHeldFundsJobs, workHeldFundsJobs } from "./held-funds-jobs";

export const EXPIRY_WARNINGS_QUEUE = "expiry-warnings";
/** Daily, early morning in the Americas and mid-day in Europe. */
export const EXPIRY_WARNINGS_CRON = "0 13 * * *";
export const DOMAIN_OWNERSHIP_QUEUE = "domain-ownership";
/** Pending domains are looked up every few minutes; the run itself picks which are due. */
export const DOMAIN_OWNERSHIP_CRON = `*/${PENDING_CHECK_MINUTES} * * * *`;

/** Split tests' stopping rule, checked every hour (docs/product.md#split-tests). */
export const SPLIT_TESTS_QUEUE = "split-tests";
export const SPLIT_TESTS_CRON = "17 * * * *";

const STOP_TIMEOUT_MS = 10_000;
const JOBS_INSTALL_LOCK = 727_002;

export interface JobQueue {
  stop(): Promise<void>;
}

/**
 * Starts the background jobs on pg-boss, over the app's own pg Pool (so the embedded engine's
 * single connection is shared, not doubled). pg-boss keeps schedules and jobs in PostgreSQL, so
 * with several app instances each daily run is picked up by exactly one of them.
 */
export async function startJobQueue(options: {
  pool: pg.Pool;
  /** With several instances on one PostgreSQL server, their first starts must take turns. */
  serializeStart: boolean;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** With it, domains' ownership is checked on schedule (docs/security.md#domain-ownership). */
  ownership?: { checker: OwnershipChecker; appUrl: string };
  /** With it, held funds are released and interrupted payouts settled on schedule (docs/money.md). */
  payouts?: PayoutSender;
  /** With it, subscriptions renew (sandbox), lapse and end on schedule (docs/money.md#subscriptions-and-entitlements). */
  billing?: BillingJobOptions;
  /** With it, accounts with auto payout on are paid out weekly or monthly. */
  autoPayouts?: AutoPayoutJobOptions;
}): Promise<JobQueue> {
  const { pool, db, mailer, logger } = options;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
    // A daily job needs no eager polling; this keeps the one embedded connection mostly free.
    cronWorkerIntervalSeconds: 30,
  });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  // pg-boss installs its schema on first start and creates a table per queue; two instances
  // doing either at once collide (or deadlock), so with several instances they take turns.
  const install = async () => {
    await boss.start();
    await boss.createQueue(EXPIRY_WARNINGS_QUEUE);
    await boss.schedule(EXPIRY_WARNINGS_QUEUE, EXPIRY_WARNINGS_CRON, {}, { tz: "UTC" });
    await boss.createQueue(SPLIT_TESTS_QUEUE, { name: SPLIT_TESTS_QUEUE, policy: "singleton" });
    await boss.schedule(SPLIT_TESTS_QUEUE, SPLIT_TESTS_CRON, {}, { tz: "UTC" });
    if (options.ownership) {
      // One run at a time: a long run (a large backlog, slow resolvers) must not overlap the next.
      await boss.createQueue(DOMAIN_OWNERSHIP_QUEUE, { name: DOMAIN_OWNERSHIP_QUEUE, policy: "singleton" });
      await boss.schedule(DOMAIN_OWNERSHIP_QUEUE, DOMAIN_OWNERSHIP_CRON, {}, { tz: "UTC" });
    }
    if (options.payouts) await installHeldFundsJobs(boss);
    if (options.billing) await installBillingJobs(boss);
    if (options.autoPayouts) await installAutoPayoutsJob(boss);
  };
  if (options.serializeStart) await withAdvisoryLock(pool, JOBS_INSTALL_LOCK, install);
  else await install();
  await boss.work(EXPIRY_WARNINGS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const result = await sendExpiryWarnings({ db, mailer });
    logger.info(result, "expiry warnings sent");
  });
  await boss.work(SPLIT_TESTS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const result = await evaluateRunningExperiments(db);
    logger.info(result, "split tests checked");
  });
  const { ownership } = options;
  if (ownership) {
    await boss.work(DOMAIN_OWNERSHIP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const result = await checkDomainOwnership({ db, mailer, ...ownership });
      logger.info(result, "domain ownership checked");
    });
  }
  if (options.payouts) await workHeldFundsJobs(boss, { db, logger, payouts: options.payouts });
  if (options.billing) await workBillingJobs(boss, { ...options.billing, db, mailer, logger });
  if (options.autoPayouts) await workAutoPayoutsJob(boss, { ...options.autoPayouts, db, mailer, logger });
  logger.info({ queue: EXPIRY_WARNINGS_QUEUE, cron: EXPIRY_WARNINGS_CRON }, "background jobs started");

  return {
    async stop() {
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, wait: true });
    },
  };
}
