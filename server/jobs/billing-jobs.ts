import type PgBoss from "pg-boss";
import type { Db } from "../db/pool";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import { sweepSubscriptions } from "../modules/billing/sweep-subscriptions";
import type { PaidContext } from "../payments/money-effects";
import type { PayPalClient } from "../payments/paypal-client";
import { subscriptionsOf } from "../payments/paypal-subscriptions";

export const BILLING_SWEEP_QUEUE = "billing-sweep";
/** Periods and grace periods end at any minute; they are acted on within five. */
export const BILLING_SWEEP_CRON = "*/5 * * * *";

export interface BillingJobOptions {
  appUrl: string;
  paid: PaidContext;
  /** With it, a PayPal subscription cancelled at its period end is cancelled at PayPal then. */
  paypal?: PayPalClient | null;
}

export async function installBillingJobs(boss: PgBoss): Promise<void> {
  // One run at a time: two would only wait on each other's subscription locks.
  await boss.createQueue(BILLING_SWEEP_QUEUE, { name: BILLING_SWEEP_QUEUE, policy: "singleton" });
  await boss.schedule(BILLING_SWEEP_QUEUE, BILLING_SWEEP_CRON, {}, { tz: "UTC" });
}

/**
 * One billing run: sandbox renewals, lapses after the grace period, ends at the period end; a
 * PayPal subscription suspended since its cancel is cancelled at PayPal once its period is over.
 */
export async function runBilling(options: BillingJobOptions & { db: Db; mailer: Mailer; logger: Logger }) {
  const { ended, ...result } = await sweepSubscriptions(options);
  for (const sub of ended) {
    if (sub.provider !== "paypal" || !sub.providerSubscriptionId || !options.paypal) continue;
    await subscriptionsOf(options.paypal)
      .cancel(sub.providerSubscriptionId)
      .catch((err: unknown) => options.logger.warn({ err, subscriptionId: sub.id }, "PayPal cancel failed"));
  }
  return result;
}

/** The worker, every five minutes. */
export async function workBillingJobs(
  boss: PgBoss,
  options: BillingJobOptions & { db: Db; mailer: Mailer; logger: Logger; pollSeconds: number },
): Promise<void> {
  await boss.work(BILLING_SWEEP_QUEUE, { pollingIntervalSeconds: options.pollSeconds }, async () => {
    const result = await runBilling(options);
    if (result.checked > 0) options.logger.info(result, "subscriptions moved on");
  });
}
