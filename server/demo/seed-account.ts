import { eq } from "drizzle-orm";
import { formatUsd } from "../../shared/money";
import {
  accountEvents,
  domainServices,
  domains,
  payouts,
  revenueGoals,
  serviceOrders,
  transactions,
} from "../../shared/schema";
import type { Mailer } from "../mail/mailer";
import { writePayoutDebit } from "../modules/ledger/payout-entries";
import { paidContext } from "../order-effects/order-effects";
import { fulfilOrder } from "../payments/fulfil-order";
import { type DemoContext, daysAgo } from "./demo-context";
import { paidOrder } from "./seed-affiliates";
import type { DemoDomain } from "./seed-domains";

/** Three domains listed for sale, and one sold on the marketplace 18 days ago. */
export async function seedMarketplace(ctx: DemoContext, portfolio: DemoDomain[]): Promise<void> {
  const { tx } = ctx;
  const earning = portfolio.filter((d) => d.earns);
  const listings = [
    { domain: earning[3], price: "1850.00", listedDaysAgo: 21 },
    { domain: earning[11], price: "3200.00", listedDaysAgo: 9 },
    { domain: earning[18], price: "950.00", listedDaysAgo: 2 },
  ].filter((l) => l.domain);
  for (const { domain, price, listedDaysAgo } of listings) {
    const listedAt = daysAgo(ctx, listedDaysAgo);
    await tx.update(domains).set({ marketplacePrice: price, listedAt }).where(eq(domains.id, domain.id));
    await tx.insert(accountEvents).values({
      userId: ctx.userId,
      kind: "domain_listed",
      description: `Listed ${domain.name} for sale at ${formatUsd(price)}`,
      createdAt: listedAt,
    });
  }

  const sold = earning[7];
  if (!sold) return;
  const soldPrice = "2450.00";
  const listedAt = daysAgo(ctx, 40);
  const soldAt = daysAgo(ctx, 18);
  sold.soldAt = soldAt;
  await tx.update(domains).set({ soldAt, soldPrice }).where(eq(domains.id, sold.id));
  await tx.insert(accountEvents).values([
    {
      userId: ctx.userId,
      kind: "domain_listed",
      description: `Listed ${sold.name} for sale at ${formatUsd(soldPrice)}`,
      createdAt: listedAt,
    },
    {
      userId: ctx.userId,
      kind: "domain_sold",
      description: `Sold ${sold.name} for ${formatUsd(soldPrice)}`,
      createdAt: soldAt,
    },
  ]);
  ctx.credits.push({
    userId: ctx.userId,
    domainId: sold.id,
    type: "marketplace",
    amount: soldPrice,
    description: `Sold ${sold.name} on the marketplace`,
    metadata: { automated: true, domainName: sold.name, askingPrice: soldPrice },
    sourceKey: `sale:${sold.id}`,
    occurredAt: soldAt,
  });
}

/** The confirmation of a purchase made yesterday is not mailed again when the demo is seeded. */
const noMail: Mailer = {
  send: async () => undefined,
  flush: async () => undefined,
  queue: async () => "",
  deliverNow: async () => ({ status: "kept" }),
};

/**
 * A professional appraisal the owner ordered and paid yesterday: ordered as a purchase is (the
 * pending order and its domain service), then paid through the one fulfilment, so it has all a
 * real payment brings (the active service, the payment in the history and activity, the
 * appraisal's entitlement and its report, queued to be built when the job queue starts).
 */
export async function seedPaidService(ctx: DemoContext, portfolio: DemoDomain[]): Promise<void> {
  const domain = portfolio.find((d) => d.earns && !d.soldAt);
  if (!domain) return;
  const paidAt = daysAgo(ctx, 1);
  const { providerPaymentId, ...order } = {
    ...paidOrder({ userId: ctx.userId, offer: "appraisal", body: { type: "professional" }, domain }),
    status: "pending",
    provider: null,
    createdAt: new Date(paidAt.getTime() - 5 * 60_000),
  };
  await ctx.tx.insert(serviceOrders).values(order);
  await ctx.tx.insert(domainServices).values({
    userId: ctx.userId,
    domainId: domain.id,
    orderId: order.id,
    serviceType: order.serviceType,
    createdAt: order.createdAt,
  });
  const outcome = await fulfilOrder(
    ctx.tx,
    noMail,
    { orderId: order.id, provider: "sandbox", providerPaymentId, amountPaid: order.price, paidAt },
    paidContext(0),
  );
  if (outcome !== "fulfilled") throw new Error(`the demo's appraisal was not fulfilled: ${outcome}`);
}

/** A completed payout 12 days ago, a debit of the held funds once they are credited. */
export async function seedPayout(ctx: DemoContext): Promise<void> {
  const amount = "500.00";
  const at = daysAgo(ctx, 12);
  const [payout] = await ctx.tx
    .insert(payouts)
    .values({
      userId: ctx.userId,
      amount,
      paypalEmail: ctx.email,
      provider: "sandbox",
      providerRef: `sandbox_payout_${payoutSuffix(ctx)}`,
      status: "completed",
      createdAt: at,
    })
    .returning({ id: payouts.id });
  await ctx.tx.insert(transactions).values({
    userId: ctx.userId,
    type: "payout",
    amount,
    paymentMethod: "sandbox",
    status: "completed",
    payoutId: payout.id,
    createdAt: at,
  });
  await ctx.tx.insert(accountEvents).values({
    userId: ctx.userId,
    kind: "payout",
    description: `Payout of ${formatUsd(amount)} to ${ctx.email}`,
    createdAt: at,
  });
  await writePayoutDebit(ctx.tx, {
    userId: ctx.userId,
    payoutId: payout.id,
    amount,
    description: `Payout to ${ctx.email}`,
    at,
  });
}

const payoutSuffix = (ctx: DemoContext) => Math.floor(ctx.rand.next() * 1e12).toString(36);

/** A monthly revenue goal, so the tracker has something to show from the start. */
export async function seedGoal(ctx: DemoContext): Promise<void> {
  await ctx.tx.insert(revenueGoals).values({
    userId: ctx.userId,
    targetAmount: "12000.00",
    timeframe: "monthly",
    category: "total",
    createdAt: daysAgo(ctx, 30),
  });
}
