import { sql } from "drizzle-orm";
import { toCents } from "../../../shared/money";
import { subscriptions } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Logger } from "../../lib/logger";
import type { Payments } from "../../payments/payments";
import { subscriptionsOf } from "../../payments/paypal-subscriptions";
import { setStripeCancelAtPeriodEnd } from "../../payments/stripe-subscriptions";

/** What telling the payment providers about leases needs of the app. */
export interface ProviderBillingDeps {
  db: Db;
  payments: Payments;
  logger: Logger;
}

/**
 * A lease's subscription ends here when the last instalment is paid or the lease ends unpaid; a
 * Stripe or PayPal subscription behind it must stop taking money too. The marketplace clock tells
 * the provider (Stripe: cancel at the period end; PayPal: suspend) and marks it told
 * (`cancel_at_period_end`), so each is told once; a provider that is down is tried on the next run.
 */
export async function stopProviderBillingOfLeases(deps: ProviderBillingDeps) {
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

/**
 * The last instalment absorbs the schedule's rounding, so it is a few cents less than the others:
 * once a Stripe-billed lease reaches its last month, its Stripe subscription's price becomes that
 * amount (no proration: the period is already paid). Answers how many were changed.
 */
export async function priceLastInstalmentsAtStripe(deps: ProviderBillingDeps) {
  const { stripe } = deps.payments;
  if (!stripe) return 0;
  const { rows } = await deps.db.execute<{ id: string; remote: string; last: string }>(sql`
    select s.id, s.provider_subscription_id as remote, t.lease_last as last
    from marketplace_transactions t join subscriptions s on s.id = t.subscription_id
    where t.kind = 'lease' and t.status = 'leasing' and t.instalments_paid = t.lease_months - 1
      and s.provider = 'stripe' and s.provider_subscription_id is not null and s.status in ('active', 'past_due')
  `);
  let changed = 0;
  for (const row of rows) {
    try {
      const remote = await stripe.subscriptions.retrieve(row.remote);
      const item = remote.items.data[0];
      if (!item || item.price.unit_amount === toCents(row.last)) continue;
      const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
      await stripe.subscriptions.update(row.remote, {
        items: [
          {
            id: item.id,
            price_data: {
              currency: "usd",
              product,
              unit_amount: toCents(row.last),
              recurring: { interval: "month" },
            },
          },
        ],
        proration_behavior: "none",
      });
      changed += 1;
    } catch (err) {
      deps.logger.warn({ err, subscriptionId: row.id }, "the last instalment's price was not set at Stripe");
    }
  }
  return changed;
}
