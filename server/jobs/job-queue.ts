import type pg from "pg";
import type PgBoss from "pg-boss";
import { withAdvisoryLock } from "../db/advisory-lock";
import type { Db } from "../db/pool";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import { settleMissedCampaigns } from "../modules/affiliates/settle-campaign";
import { sendSecuritySummaries } from "../modules/auth/security-summary";
import type { SyncDeps } from "../modules/connections/sync";
import type { OwnershipChecker } from "../modules/domains/check-ownership";
import { sendDueSequenceEmails } from "../modules/email-automation/send-sequence-emails";
import { stopTestsWithoutSplitTesting } from "../modules/experiments/end-unentitled";
import { evaluateRunningExperiments } from "../modules/experiments/experiments.service";
import type { LeadSales } from "../modules/lead-sales/lead-sales";
import { publishDuePosts } from "../modules/social/publish-posts";
import type { Payments } from "../payments/payments";
import type { PayoutSender } from "../payments/provider";
import { type AutoPayoutJobOptions, installAutoPayoutsJob, workAutoPayoutsJob } from "./auto-payouts-job";
import { type BillingJobOptions, installBillingJobs, workBillingJobs } from "./billing-jobs";
import { checkDomainOwnership, PENDING_CHECK_MINUTES } from "./check-domain-ownership";
import { installConnectionJobs, stopConnectionJobs, workConnectionJobs } from "./connection-sync-job";
import { sendExpiryWarnings } from "./expiry-warnings";
import { installHeldFundsJobs, workHeldFundsJobs } from "./held-funds-jobs";
import { installLeadInvoicesJob, workLeadInvoicesJob } from "./lead-invoices-job";
import { installLeadSalesJob, workLeadSalesJob } from "./lead-sales-job";
import { installMarketplaceJobs, type MarketplaceJobOptions, workMarketplaceJobs } from "./marketplace-jobs";
import { installReportJobs, stopReportJobs, workReportJobs } from "./report-jobs";

export const EXPIRY_WARNINGS_QUEUE = "expiry-warnings";
/** Daily, early morning in the Americas and mid-day in Europe. */
export const EXPIRY_WARNINGS_CRON = "0 13 * * *";
/** Recruitment campaigns whose time ran out are settled (docs/affiliates.md#recruitment-campaigns). */
export const CAMPAIGNS_QUEUE = "recruitment-campaigns";
export const CAMPAIGNS_CRON = "*/15 * * * *";
/** Scheduled social posts are published within a minute of their time. */
export const SOCIAL_QUEUE = "social-posts";
export const SOCIAL_CRON = "* * * * *";
/** Sequence emails that are due go out every 10 minutes. */
export const SEQUENCES_QUEUE = "email-sequences";
export const SEQUENCES_CRON = "*/10 * * * *";
export const DOMAIN_OWNERSHIP_QUEUE = "domain-ownership";
/** Pending domains are looked up every few minutes; the run itself picks which are due. */
export const DOMAIN_OWNERSHIP_CRON = `*/${PENDING_CHECK_MINUTES} * * * *`;

/** Enhanced Security's weekly summary (docs/security.md#accounts-and-sign-in): Mondays, 08:00 UTC. */
export const SECURITY_SUMMARY_QUEUE = "security-summary";
export const SECURITY_SUMMARY_CRON = "0 8 * * 1";

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
  /** With it, scheduled social posts are published on time (their feed links point here). */
  appUrl?: string;
  /** With it, due sequence emails are sent (links point to `appUrl`, unsubscribe tokens signed with `secret`). */
  emailAutomation?: { appUrl: string; secret: string };
  /** With it, held funds are released and interrupted payouts settled on schedule (docs/money.md). */
  payouts?: PayoutSender;
  /** With it, payments no order was waiting for are refunded again until the provider takes it (docs/money.md#money-nobody-ordered). */
  refunds?: Payments;
  /** With it, subscriptions renew (sandbox), lapse and end on schedule (docs/money.md#subscriptions-and-entitlements). */
  billing?: BillingJobOptions;
  /** With it, accounts with auto payout on are paid out weekly or monthly. */
  autoPayouts?: AutoPayoutJobOptions;
  /** With it, queued reports are built and their owners mailed a link on it (docs/reports.md). */
  reports?: { appUrl: string };
  /** With it, offers expire and escrow sales time out on schedule (docs/marketplace.md). */
  marketplace?: MarketplaceJobOptions;
  /**
   * How often each instance looks for queued runs of the scheduled jobs (30 s when not given): a
   * run is queued on its schedule, or by hand, and waits at most this long for a worker.
   */
  pollSeconds?: number;
  /** With it, lead sales cut short by a crash or a restart are resumed (docs/money.md#lead-sales) and buyers invoiced monthly. */
  leadSales?: LeadSales;
  /** With it, connected registrars and parking networks are synced on schedule and on "Sync now". */
  connections?: SyncDeps;
}): Promise<JobQueue> {
  const { pool, db, mailer, logger } = options;
  const pollSeconds = options.pollSeconds ?? 30;
  // Loaded here, once the app answers (the queue starts after it listens), not before it does.
  const { default: Queue } = await import("pg-boss");
  const boss: PgBoss = new Queue({
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
    await boss.createQueue(CAMPAIGNS_QUEUE, { name: CAMPAIGNS_QUEUE, policy: "singleton" });
    await boss.schedule(CAMPAIGNS_QUEUE, CAMPAIGNS_CRON, {}, { tz: "UTC" });
    if (options.appUrl) {
      await boss.createQueue(SOCIAL_QUEUE, { name: SOCIAL_QUEUE, policy: "singleton" });
      await boss.schedule(SOCIAL_QUEUE, SOCIAL_CRON, {}, { tz: "UTC" });
    }
    if (options.emailAutomation) {
      await boss.createQueue(SEQUENCES_QUEUE, { name: SEQUENCES_QUEUE, policy: "singleton" });
      await boss.schedule(SEQUENCES_QUEUE, SEQUENCES_CRON, {}, { tz: "UTC" });
    }
    await boss.createQueue(SPLIT_TESTS_QUEUE, { name: SPLIT_TESTS_QUEUE, policy: "singleton" });
    await boss.schedule(SPLIT_TESTS_QUEUE, SPLIT_TESTS_CRON, {}, { tz: "UTC" });
    await boss.createQueue(SECURITY_SUMMARY_QUEUE, { name: SECURITY_SUMMARY_QUEUE, policy: "singleton" });
    await boss.schedule(SECURITY_SUMMARY_QUEUE, SECURITY_SUMMARY_CRON, {}, { tz: "UTC" });
    if (options.ownership) {
      // One run at a time: a long run (a large backlog, slow resolvers) must not overlap the next.
      await boss.createQueue(DOMAIN_OWNERSHIP_QUEUE, { name: DOMAIN_OWNERSHIP_QUEUE, policy: "singleton" });
      await boss.schedule(DOMAIN_OWNERSHIP_QUEUE, DOMAIN_OWNERSHIP_CRON, {}, { tz: "UTC" });
    }
    if (options.payouts) await installHeldFundsJobs(boss);
    if (options.billing) await installBillingJobs(boss);
    if (options.autoPayouts) await installAutoPayoutsJob(boss);
    if (options.reports) await installReportJobs(boss);
    if (options.marketplace) await installMarketplaceJobs(boss);
    if (options.connections) await installConnectionJobs(boss);
    if (options.leadSales) {
      await installLeadSalesJob(boss);
      await installLeadInvoicesJob(boss);
    }
  };
  if (options.serializeStart) await withAdvisoryLock(pool, JOBS_INSTALL_LOCK, install);
  else await install();
  await boss.work(EXPIRY_WARNINGS_QUEUE, { pollingIntervalSeconds: pollSeconds }, async () => {
    const result = await sendExpiryWarnings({ db, mailer });
    logger.info(result, "expiry warnings sent");
  });
  await boss.work(CAMPAIGNS_QUEUE, { pollingIntervalSeconds: pollSeconds }, async () => {
    const result = await settleMissedCampaigns({ db });
    if (result.missed > 0) logger.info(result, "recruitment campaigns settled");
  });
  const { appUrl } = options;
  if (appUrl) {
    await boss.work(SOCIAL_QUEUE, { pollingIntervalSeconds: pollSeconds }, async () => {
      const result = await publishDuePosts({ db, appUrl });
      if (result.published > 0) logger.info(result, "social posts published");
    });
  }
  const { emailAutomation } = options;
  if (emailAutomation) {
    await boss.work(SEQUENCES_QUEUE, { pollingIntervalSeconds: pollSeconds }, async () => {
      const result = await sendDueSequenceEmails({ db, mailer, ...emailAutomation });
      if (Object.values(result).some((n) => n > 0)) logger.info(result, "sequence emails sent");
    });
  }
  await boss.work(SPLIT_TESTS_QUEUE, { pollingIntervalSeconds: pollSeconds }, async () => {
    // Tests whose owner no longer holds Split Testing (lapsed, cancelled) end first, with no winner.
    const unentitled = await stopTestsWithoutSplitTesting(db);
    const result = await evaluateRunningExperiments(db);
    logger.info({ ...result, unentitled }, "split tests checked");
  });
  await boss.work(SECURITY_SUMMARY_QUEUE, { pollingIntervalSeconds: pollSeconds }, async () => {
    const result = await sendSecuritySummaries({ db, mailer });
    logger.info(result, "security summaries sent");
  });
  const { ownership } = options;
  if (ownership) {
    await boss.work(DOMAIN_OWNERSHIP_QUEUE, { pollingIntervalSeconds: pollSeconds }, async () => {
      const result = await checkDomainOwnership({ db, mailer, ...ownership });
      logger.info(result, "domain ownership checked");
    });
  }
  if (options.payouts)
    await workHeldFundsJobs(boss, {
      db,
      logger,
      payouts: options.payouts,
      refunds: options.refunds,
      pollSeconds,
    });
  if (options.billing) await workBillingJobs(boss, { ...options.billing, db, mailer, logger, pollSeconds });
  if (options.autoPayouts)
    await workAutoPayoutsJob(boss, { ...options.autoPayouts, db, mailer, logger, pollSeconds });
  if (options.reports)
    await workReportJobs(boss, { db, mailer, logger, appUrl: options.reports.appUrl, pollSeconds });
  if (options.marketplace) await workMarketplaceJobs(boss, { ...options.marketplace, pollSeconds });
  if (options.connections) await workConnectionJobs(boss, { ...options.connections, pollSeconds });
  if (options.leadSales) {
    await workLeadSalesJob(boss, { sales: options.leadSales, logger, pollSeconds });
    await workLeadInvoicesJob(boss, { sales: options.leadSales, logger, pollSeconds });
  }
  logger.info({ queue: EXPIRY_WARNINGS_QUEUE, cron: EXPIRY_WARNINGS_CRON }, "background jobs started");

  return {
    async stop() {
      if (options.reports) stopReportJobs();
      // Leads stored from now on are sold by this process (or, after a crash, the resume job).
      if (options.leadSales) options.leadSales.followUp.send = undefined;
      if (options.connections) stopConnectionJobs();
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, wait: true });
    },
  };
}
