import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { SANDBOX_PERIOD_DAYS } from "../../../shared/api/billing";
import { checkoutPagePath } from "../../../shared/api/checkout";
import type { Subscription } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";
import type { PaidContext } from "../../payments/money-effects";
import { syncAccountPlan } from "../entitlements/entitlements.service";
import { openSubscriptionOrder, recordSubscriptionPayment } from "./record-renewal";
import {
  addDays,
  endSubscription,
  failRenewal,
  lapseSubscription,
  lockSubscription,
} from "./subscription-lifecycle";

/** Where a past-due renewal is paid: its order's checkout page. */
export const payUrlOf = (appUrl: string, orderId: string) => `${appUrl}${checkoutPagePath(orderId)}`;

/**
 * Moves one subscription up to `now`: a past-due one whose grace is over lapses; one cancelled at
 * its period end ends there; a sandbox one renews each period that began (paid, or declined when
 * it is set to fail), which is the sandbox's stand-in for the providers' renewal webhooks and
 * runs through the same functions they do. Stripe and PayPal renew by their own webhooks.
 */
async function advance(
  tx: Tx,
  options: { mailer: Mailer; paid: PaidContext; appUrl: string; now: Date },
  id: string,
  ended: Subscription[],
): Promise<number> {
  const { mailer, now } = options;
  let sub: Subscription | null = await lockSubscription(tx, id);
  let renewals = 0;
  while (sub) {
    if (sub.status === "past_due") {
      if (!sub.graceEndsAt || sub.graceEndsAt > now) break;
      sub = await lapseSubscription(tx, mailer, sub, sub.graceEndsAt);
      break;
    }
    if (sub.status !== "active" || sub.currentPeriodEnd > now) break;
    if (sub.cancelAtPeriodEnd) {
      sub = await endSubscription(tx, sub, sub.currentPeriodEnd);
      ended.push(sub);
      break;
    }
    if (sub.provider !== "sandbox") break;
    const period = {
      kind: "renewal" as const,
      amount: sub.amount,
      periodStart: sub.currentPeriodEnd,
      periodEnd: addDays(sub.currentPeriodEnd, SANDBOX_PERIOD_DAYS),
    };
    if (sub.failRenewals) {
      const order = await openSubscriptionOrder(tx, sub, period);
      sub = await failRenewal(tx, mailer, sub, {
        at: sub.currentPeriodEnd,
        payUrl: payUrlOf(options.appUrl, order.id),
      });
      continue;
    }
    await recordSubscriptionPayment(
      tx,
      mailer,
      sub,
      { ...period, provider: "sandbox", providerPaymentId: `sandbox_renewal_${randomUUID()}` },
      options.paid,
    );
    renewals += 1;
    sub = await lockSubscription(tx, id);
  }
  return renewals;
}

/**
 * The billing run (a job every few minutes, and each move of the sandbox clock): every
 * subscription whose period or grace ended is moved on, one transaction each; then the account
 * plan of users whose one-off grants ran out is brought in line.
 */
export async function sweepSubscriptions(options: {
  db: Db;
  mailer: Mailer;
  paid: PaidContext;
  appUrl: string;
  now?: Date;
}): Promise<{ checked: number; renewals: number; ended: Subscription[] }> {
  const now = options.now ?? (await billingNow(options.db));
  const at = now.toISOString();
  const due = await options.db.execute<{ id: string }>(sql`
    select id from subscriptions
    where (status = 'active' and current_period_end <= ${at}::timestamptz)
       or (status = 'past_due' and grace_ends_at <= ${at}::timestamptz)
    order by current_period_end
  `);
  let renewals = 0;
  const ended: Subscription[] = [];
  for (const { id } of due.rows) {
    renewals += await options.db.transaction((tx) => advance(tx, { ...options, now }, id, ended));
  }
  const stale = await options.db.execute<{ id: string }>(sql`
    select u.id from users u where u.plan <> 'free' and not exists (
      select 1 from entitlements e where e.user_id = u.id and e.status <> 'ended' and e.feature like 'account-plan:%'
        and (e.ends_at is null or e.ends_at > ${at}::timestamptz))
  `);
  for (const { id } of stale.rows) await syncAccountPlan(options.db, id, now);
  return { checked: due.rows.length, renewals, ended };
}
