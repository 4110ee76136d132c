import { sql } from "drizzle-orm";
import { subscriptions } from "../../../shared/schema";
import type { AppDeps } from "../../deps";
import { subscriptionsOf } from "../../payments/paypal-subscriptions";
import { setStripeCancelAtPeriodEnd } from "../../payments/stripe-subscriptions";

/**
 * A lease's subscription ends here when the last instalment is paid or the lease ends unpaid; a
 * Stripe or PayPal subscription behind it must stop taking money too. The marketplace clock tells
 * the provider (Stripe: cancel at the period end; PayPal: suspend) and marks it told
 * (`cancel_at_period_end`), so each is told once; a provider that is down is tried on the next run.
 */
export async function stopProviderBillingOfLeases(deps: Pick<AppDeps, "db" | "payments" | "logger">) {
  const { rows } = await deps.db.execute<{ id: string; provider: string; remote: string }>(sql`
    select s.id, s.provider, s.provider_subscription_id as remote
    from subscriptions s join marketplace_transactions t on t.subscription_id = s.id and t.kind = 'lease'
    where s.status = 'canceled' and s.provider_subscription_id is not null and not s.cancel_at_period_end
  `);
  let told = 0;
  for (const row of rows) {
    const { stripe, paypal } = deps.payments;
    try {
      if (row.provider === "stripe" && stripe) await setStripeCancelAtPeriodEnd(stripe, row.remote, true);
      else if (row.provider === "paypal" && paypal) await subscriptionsOf(paypal).suspend(row.remote);
      else continue;
    } catch (err) {
      deps.logger.warn(
        { err, subscriptionId: row.id },
        "the provider was not told a lease's subscription ended",
      );
      continue;
    }
    await deps.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(sql`${subscriptions.id} = ${row.id}`);
    told += 1;
  }
  return told;
}
