import type PgBoss from "pg-boss";
import type { Db } from "../db/pool";
import type { Logger } from "../lib/logger";
import { releaseHeldFunds } from "../modules/ledger/held-funds";
import { pollPayPalBatches, returnUnclaimedPayouts, runPayPalBatch } from "../modules/payouts/paypal-batch";
import { settleStuckPayouts } from "../modules/payouts/settle-stuck-payouts";
import type { Payments } from "../payments/payments";
import type { PayoutSender } from "../payments/provider";
import { refundUnmatchedPayments } from "../payments/unmatched-payments";

export const HELD_FUNDS_RELEASE_QUEUE = "held-funds-release";
/** Holds end at any minute; funds become available within a quarter hour of it. */
export const HELD_FUNDS_RELEASE_CRON = "*/15 * * * *";
export const PAYOUT_RECONCILE_QUEUE = "payout-reconcile";
/** A payout is stuck after five minutes; it is settled within the next five. */
export const PAYOUT_RECONCILE_CRON = "*/5 * * * *";

/** Creates the queues and schedules; run while installing (instances take turns then). */
export async function installHeldFundsJobs(boss: PgBoss): Promise<void> {
  for (const [queue, cron] of [
    [HELD_FUNDS_RELEASE_QUEUE, HELD_FUNDS_RELEASE_CRON],
    [PAYOUT_RECONCILE_QUEUE, PAYOUT_RECONCILE_CRON],
  ]) {
    // One run at a time: two runs would only wait on each other's locks.
    await boss.createQueue(queue, { name: queue, policy: "singleton" });
    await boss.schedule(queue, cron, {}, { tz: "UTC" });
  }
}

/** The workers: ended holds become available; interrupted payouts are settled with the provider. */
export async function workHeldFundsJobs(
  boss: PgBoss,
  options: { db: Db; logger: Logger; payouts: PayoutSender; refunds?: Payments; pollSeconds: number },
): Promise<void> {
  const { db, logger } = options;
  await boss.work(HELD_FUNDS_RELEASE_QUEUE, { pollingIntervalSeconds: options.pollSeconds }, async () => {
    const result = await releaseHeldFunds({ db });
    logger.info(result, "held funds released");
  });
  await boss.work(PAYOUT_RECONCILE_QUEUE, { pollingIntervalSeconds: options.pollSeconds }, async () => {
    const result = await settleStuckPayouts({
      db,
      logger,
      sender: options.payouts,
      rails: options.refunds?.payoutRails,
    });
    // PayPal Payouts in batches: the next run leaves, sent runs are polled, unclaimed items return.
    const paypal = options.refunds?.paypal;
    if (paypal) {
      const run = await runPayPalBatch({ db, paypal, logger });
      const polled = await pollPayPalBatches({ db, paypal, logger });
      if (run.runs.length + polled.settled > 0) logger.info({ ...run, ...polled }, "payout batches run");
    }
    const unclaimed = await returnUnclaimedPayouts({ db });
    if (unclaimed.returned > 0) logger.info(unclaimed, "unclaimed payouts returned");
    if (result.completed + result.failed + result.waiting > 0) logger.info(result, "stuck payouts checked");
    // Money no order was waiting for, whose refund the provider did not take yet, is asked again.
    if (options.refunds) {
      const refunds = await refundUnmatchedPayments({ db, logger, payments: options.refunds });
      if (refunds.refunded + refunds.failed > 0) logger.info(refunds, "unmatched payments refunded");
    }
  });
}
