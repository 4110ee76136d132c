import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { levelCommissionPercent, type TAffiliateLevel } from "../../shared/api/affiliates";
import { OFFERS, type OfferKey } from "../../shared/catalog";
import { centsToDecimal, formatUsd, toCents } from "../../shared/money";
import { accountEvents, affiliates, serviceOrders, transactions, users } from "../../shared/schema";
import { commissionKey } from "../modules/affiliates/credit-referral-commission";
import { type DemoContext, daysAgo } from "./demo-context";
import { DEMO_REFERRAL_EMAIL_DOMAIN, DEMO_REFERRALS, DEMO_TIME_ZONE } from "./demo-data";

/** What the referred users bought: catalogue offers with a body that prices them. */
const REFERRAL_PURCHASES: { offer: OfferKey; body: Record<string, unknown> }[] = [
  { offer: "premiumAnalytics", body: { plan: "pro" } },
  { offer: "accountUpgrade", body: { plan: "business" } },
  { offer: "customReports", body: { reportType: "comprehensive" } },
  { offer: "forecasting", body: { period: "12" } },
  { offer: "supportSubscription", body: { tier: "priority" } },
];

/** A paid catalogue order of `userId`, priced and described by the catalogue itself. */
export function paidOrder(options: {
  userId: string;
  offer: OfferKey;
  body: Record<string, unknown>;
  domain?: { id: string; name: string };
}) {
  const offer = OFFERS[options.offer];
  // The catalogue prices the body; the order then carries that price, as a checked purchase does.
  const { price } = offer.quote({ ...options.body, price: "0", domainId: options.domain?.id });
  const quote = offer.quote({ ...options.body, price, domainId: options.domain?.id });
  return {
    id: randomUUID(),
    userId: options.userId,
    domainId: options.domain?.id ?? null,
    offerId: options.offer,
    serviceType: quote.serviceType,
    description: quote.describe(options.domain?.name ?? null),
    price: quote.price,
    status: "paid",
    metadata: { ...(options.domain ? { domainName: options.domain.name } : {}), request: quote.body },
    provider: "sandbox",
    providerPaymentId: `sandbox_${randomUUID()}`,
  };
}

/**
 * People the owner referred: three registered through the owner's link and bought services
 * (orders paid by card, with their transactions), each purchase earning the owner the
 * affiliate's commission as `affiliate` revenue, held for the refund window; one invitation is
 * still open.
 */
export async function seedAffiliates(ctx: DemoContext): Promise<void> {
  const { tx, rand } = ctx;
  for (const [index, person] of DEMO_REFERRALS.entries()) {
    const level = person.level as TAffiliateLevel;
    const rate = levelCommissionPercent(level);
    const email = `${person.username}@${DEMO_REFERRAL_EMAIL_DOMAIN}`;
    const joinedAt = daysAgo(ctx, 80 - index * 15);
    const [referred] = person.joined
      ? await tx
          .insert(users)
          .values({
            name: person.name,
            username: person.username,
            email,
            // Not a hash of anything: these accounts cannot be signed in to.
            passwordHash: "!",
            timeZone: DEMO_TIME_ZONE,
            referralCode: randomBytes(6).toString("base64url"),
            referredBy: ctx.userId,
            createdAt: joinedAt,
          })
          .onConflictDoNothing()
          .returning({ id: users.id })
      : [];

    const [affiliate] = await tx
      .insert(affiliates)
      .values({
        userId: ctx.userId,
        email,
        level,
        commissionRate: rate.toFixed(2),
        referralCode: randomBytes(9).toString("base64url"),
        referredUserId: referred?.id ?? null,
        isActive: Boolean(referred),
        createdAt: new Date(joinedAt.getTime() - 3 * 86_400_000),
      })
      .returning({ id: affiliates.id });
    if (!referred) continue;
    await tx.insert(accountEvents).values({
      userId: ctx.userId,
      kind: "affiliate_joined",
      description: `${person.name} joined through your referral link`,
      createdAt: joinedAt,
    });

    const orders = Array.from({ length: rand.int(2, 4) }, () => {
      const purchase = rand.pick(REFERRAL_PURCHASES);
      const paidAt = daysAgo(ctx, rand.int(0, 75 - index * 15));
      // Paid by card (the sandbox's test money would earn no commission, docs/money.md).
      return {
        ...paidOrder({ userId: referred.id, ...purchase }),
        provider: "stripe",
        providerPaymentId: `pi_demo_${randomUUID().replaceAll("-", "")}`,
        paidAt,
        createdAt: paidAt,
      };
    });
    await tx.insert(serviceOrders).values(orders);
    await tx.insert(transactions).values(
      orders.map((o) => ({
        userId: referred.id,
        type: "payment",
        amount: o.price,
        paymentMethod: "stripe",
        status: "completed",
        orderId: o.id,
        createdAt: o.paidAt,
      })),
    );
    let earned = 0;
    for (const order of orders) {
      const cents = Math.round((toCents(order.price) * rate) / 100);
      earned += cents;
      ctx.credits.push({
        userId: ctx.userId,
        type: "affiliate",
        amount: centsToDecimal(cents),
        description: `Affiliate commission: ${rate}% of a ${formatUsd(order.price)} order`,
        metadata: {
          automated: true,
          affiliateId: affiliate.id,
          orderId: order.id,
          commissionRate: rate.toFixed(2),
        },
        sourceKey: commissionKey(order.id),
        occurredAt: order.paidAt,
      });
    }
    await tx
      .update(affiliates)
      .set({ totalCommissions: centsToDecimal(earned) })
      .where(eq(affiliates.id, affiliate.id));
  }
}
