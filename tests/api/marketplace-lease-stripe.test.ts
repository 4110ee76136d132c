import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paidContext } from "../../server/order-effects/order-effects";
import { recordPayment } from "../../server/payments/record-payment";
import type { TMarketplaceTransaction } from "../../shared/api/marketplace/deals";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { marketplaceTransactions, subscriptions } from "../../shared/schema";
import { recordLeaseRenewal, runSaleClock, sellerAndBuyer } from "../factories/deals";
import { fakeSubscription, startFakeStripe } from "../setup/fake-stripe";
import { createTestApp, type TestApp } from "../setup/test-app";

const DAY = 86_400_000;
const HOLD = paidContext(30);
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: "whsec_test_lease",
      STRIPE_API_BASE: stripe.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const payByCard = (orderId: string, amount: string) =>
  recordPayment(
    t.db,
    t.deps.mailer,
    t.deps.logger,
    { orderId, provider: "stripe", providerPaymentId: `pi_${orderId}`, amountPaid: amount },
    HOLD,
  );

describe("a lease paid through a Stripe subscription", () => {
  it("when the lease ends unpaid, Stripe is told to stop billing, once", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "2400.00");
    const financing = await seller.agent
      .post(OFFERS.financing.path)
      .send({ domainId: domain.id, terms: "24", setupFee: "399.99" });
    expect(await payByCard(financing.body.orderId, "399.99")).toBe("fulfilled");
    const opened = await buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: domain.id, kind: "lease", months: 24 });
    expect(opened.status).toBe(201);
    const [order] = await t.db
      .select({ subscriptionId: marketplaceTransactions.subscriptionId })
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.id, opened.body.id));
    expect(order.subscriptionId).toBeNull();
    const first = (await buyer.agent.get(pathTo(marketplaceDealPaths.transaction, { id: opened.body.id })))
      .body as TMarketplaceTransaction;
    expect(await payByCard(opened.body.orderId, first.lease?.monthly ?? "")).toBe("fulfilled");
    const [row] = await t.db
      .select()
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.id, opened.body.id));
    // Stripe's subscription, linked to ours as its first webhook does.
    const remote = `sub_lease_${opened.body.id.slice(0, 8)}`;
    await t.db
      .update(subscriptions)
      .set({ providerSubscriptionId: remote })
      .where(eq(subscriptions.id, row.subscriptionId ?? ""));

    const due = row.nextInstalmentAt?.getTime() ?? 0;
    const clock = (at: number) => runSaleClock(t, new Date(at));
    expect(await clock(due + 10 * DAY + 60_000)).toMatchObject({ leasesEnded: 1, providersTold: 1 });
    expect(stripe.subscriptions.get(remote)?.cancel_at_period_end).toBe(true);
    expect((await clock(due + 11 * DAY)).providersTold).toBe(0);
  });

  it("in its last month, the Stripe subscription is priced at the last instalment; paid off, Stripe stops billing", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "1200.00");
    const financing = await seller.agent
      .post(OFFERS.financing.path)
      .send({ domainId: domain.id, terms: "12", setupFee: "299.99" });
    expect(await payByCard(financing.body.orderId, "299.99")).toBe("fulfilled");
    const opened = await buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: domain.id, kind: "lease", months: 12 });
    expect(await payByCard(opened.body.orderId, "102.73")).toBe("fulfilled");
    const leaseRow = async () =>
      (
        await t.db
          .select()
          .from(marketplaceTransactions)
          .where(eq(marketplaceTransactions.id, opened.body.id))
      )[0];
    const subId = (await leaseRow()).subscriptionId ?? "";
    const remote = `sub_last_${opened.body.id.slice(0, 8)}`;
    const linked = fakeSubscription(remote);
    linked.items.data[0].price.unit_amount = 10_273;
    stripe.subscriptions.set(remote, linked);
    await t.db
      .update(subscriptions)
      .set({ providerSubscriptionId: remote })
      .where(eq(subscriptions.id, subId));
    const clock = () => runSaleClock(t, new Date());

    const renew = async (n: number) => {
      const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
      await recordLeaseRenewal(t, sub, `in_last_${opened.body.id}_${n}`);
    };
    for (let n = 2; n <= 10; n += 1) await renew(n);
    expect((await clock()).lastInstalmentsPriced).toBe(0);
    await renew(11);
    expect((await clock()).lastInstalmentsPriced).toBe(1);
    expect(stripe.subscriptions.get(remote)?.items.data[0].price.unit_amount).toBe(10_270);
    expect((await clock()).lastInstalmentsPriced).toBe(0);

    await renew(12);
    expect((await leaseRow()).status).toBe("awaiting_transfer");
    expect((await clock()).providersTold).toBe(1);
    expect(stripe.subscriptions.get(remote)?.cancel_at_period_end).toBe(true);
  });
});
