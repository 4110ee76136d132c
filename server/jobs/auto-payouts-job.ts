import type PgBoss from "pg-boss";
import type { Db } from "../db/pool";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import { runAutoPayouts } from "../modules/payouts/auto-payouts";
import type { PayoutRails, PayoutSender } from "../payments/provider";

export const AUTO_PAYOUTS_QUEUE = "auto-payouts";
/**
 * Hourly: a period starts at midnight in each owner's own zone, so some period starts in most
 * hours; an account is paid within the hour its period starts (or its funds reach the minimum).
 */
export const AUTO_PAYOUTS_CRON = "5 * * * *";

export interface AutoPayoutJobOptions {
  sender: PayoutSender;
  rails?: PayoutRails;
  /** PAYOUT_REVIEW_ABOVE: an automatic payout above it waits for staff review like any other. */
  reviewAbove: string;
}

export async function installAutoPayoutsJob(boss: PgBoss): Promise<void> {
  // One run at a time; the period's unique key keeps a payout single even if two did overlap.
  await boss.createQueue(AUTO_PAYOUTS_QUEUE, { name: AUTO_PAYOUTS_QUEUE, policy: "singleton" });
  await boss.schedule(AUTO_PAYOUTS_QUEUE, AUTO_PAYOUTS_CRON, {}, { tz: "UTC" });
}

export async function workAutoPayoutsJob(
  boss: PgBoss,
  options: AutoPayoutJobOptions & { db: Db; mailer: Mailer; logger: Logger; pollSeconds: number },
): Promise<void> {
  await boss.work(AUTO_PAYOUTS_QUEUE, { pollingIntervalSeconds: options.pollSeconds }, async () => {
    const result = await runAutoPayouts(options);
    if (Object.values(result).some((n) => n > 0)) options.logger.info(result, "automatic payouts run");
  });
}
