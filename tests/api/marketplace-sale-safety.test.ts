import { and, eq } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_EFFECTS, paidContext } from "../../server/order-effects/order-effects";
import { recordPayment } from "../../server/payments/record-payment";
import { refundOrder } from "../../server/payments/refund-order";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import type { TMarketplaceTransaction, TOfferThread } from "../../shared/api/marketplace/deals";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { pathTo } from "../../shared/path-to";
import { domains, marketplaceOffers, notifications, serviceOrders } from "../../shared/schema";
import { runSaleClock, sellerAndBuyer } from "../factories/deals";
import { heldOf } from "../factories/payments";
import { signUp } from "../factories/users";
import type { DnsServer } from "../setup/dns-server";
import { createTestAppWithDns, type TestApp } from "../setup/test-app";
import { DAY_MS } from "../setup/time";

let dns: DnsServer;
let t: TestApp;
beforeAll(async () => {
  ({ t, dns } = await createTestAppWithDns());
});
afterAll(() => t.close());

const open = (agent: Agent, body: Record<string, string>) =>
  agent.post(marketplaceDealPaths.transactions).send(body);
const sale = async (agent: Agent, id: string) =>
  (await agent.get(pathTo(marketplaceDealPaths.transaction, { id }))).body as TMarketplaceTransaction;
const offerRow = async (id: string) =>
  (await t.db.select().from(marketplaceOffers).where(eq(marketplaceOffers.id, id)))[0];
const payInSandbox = (agent: Agent, orderId: string) =>
  agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));

/** A listing whose seller accepted the buyer's offer of $1,500. */
async function acceptedOffer() {
  const deal = await sellerAndBuyer(t.app, t.db, "2000.00");
  const made = await deal.buyer.agent
    .post(marketplaceDealPaths.offers)
    .send({ domainId: deal.domain.id, amount: "1500" });
  const accepted = await deal.seller.agent.post(pathTo(marketplaceDealPaths.accept, { id: made.body.id }));
  expect(accepted.status).toBe(200);
  return { ...deal, offerId: made.body.id as string, accepted: accepted.body as { expiresAt: string } };
}

describe("an accepted offer opens at most one sale, within its binding time", () => {
  it("binds for 7 days from acceptance, and lapses on the clock when no sale was opened", async () => {
    const { buyer, seller, domain, offerId, accepted } = await acceptedOffer();
    expect(Date.parse(accepted.expiresAt) - Date.now()).toBeGreaterThan(6.99 * DAY_MS);
    await runSaleClock(t, new Date(Date.now() + 6 * DAY_MS));
    expect((await offerRow(offerId)).status).toBe("accepted");
    await runSaleClock(t, new Date(Date.now() + 7 * DAY_MS + 60_000));
    expect((await offerRow(offerId)).status).toBe("lapsed");

    const late = await open(buyer.agent, { offerId });
    expect(late.status).toBe(409);
    const threads = (await buyer.agent.get(`${marketplaceDealPaths.offers}?role=buyer`))
      .body as TOfferThread[];
    expect(threads.find((th) => th.domainId === domain.id)?.offers[0].status).toBe("lapsed");
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(told.map((n) => n.title)).toContain(`Offer on ${domain.name} lapsed`);
    // The listing is free: another buyer buys it now at its price.
    const other = await signUp(t.app);
    expect((await open(other.agent, { domainId: domain.id })).status).toBe(201);
  });

  it("cannot open a second sale while, or after, its first one runs", async () => {
    const { buyer, offerId } = await acceptedOffer();
    const first = await open(buyer.agent, { offerId });
    expect(first.status).toBe(201);
    expect((await open(buyer.agent, { offerId })).status).toBe(409);
  });

  it("lapses when its sale is cancelled unpaid by the clock, and the buyer cannot re-open a sale from it", async () => {
    const { buyer, domain, offerId } = await acceptedOffer();
    const first = await open(buyer.agent, { offerId });
    await runSaleClock(t, new Date(Date.now() + 5 * DAY_MS + 60_000));
    expect((await sale(buyer.agent, first.body.id)).status).toBe("cancelled");
    expect((await offerRow(offerId)).status).toBe("lapsed");

    const again = await open(buyer.agent, { offerId });
    expect(again.status).toBe(409);
    // The listing is free again at its asking price.
    const other = await signUp(t.app);
    const bought = await open(other.agent, { domainId: domain.id });
    expect(bought.status).toBe(201);
    expect(bought.body.amount).toBe("2000.00");
  });
});

describe("either side cancels an unpaid sale", () => {
  it("the seller cancels: the order can no longer be paid, the offer lapses, and both sides are told", async () => {
    const { buyer, seller, domain, offerId } = await acceptedOffer();
    const opened = await open(buyer.agent, { offerId });
    const stranger = await signUp(t.app);
    expect(
      (await stranger.agent.post(pathTo(marketplaceDealPaths.cancel, { id: opened.body.id }))).status,
    ).toBe(404);

    const cancelled = await seller.agent.post(pathTo(marketplaceDealPaths.cancel, { id: opened.body.id }));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", role: "seller" });
    const [order] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, opened.body.orderId));
    expect(order.status).toBe("cancelled");
    expect((await payInSandbox(buyer.agent, opened.body.orderId)).status).toBe(409);
    expect((await offerRow(offerId)).status).toBe("lapsed");
    expect((await open(buyer.agent, { offerId })).status).toBe(409);
    for (const userId of [buyer.user.id, seller.user.id]) {
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, "marketplace_sale")));
      expect(told.map((n) => n.body)).toContain("The seller cancelled the sale before it was paid.");
    }
    expect(
      (await seller.agent.post(pathTo(marketplaceDealPaths.cancel, { id: opened.body.id }))).status,
    ).toBe(409);
    void domain;
  });

  it("a paid sale cannot be cancelled by either side", async () => {
    const { buyer, seller, domain } = await sellerAndBuyer(t.app, t.db);
    const opened = await open(buyer.agent, { domainId: domain.id });
    await payInSandbox(buyer.agent, opened.body.orderId);
    for (const agent of [buyer.agent, seller.agent]) {
      const refused = await agent.post(pathTo(marketplaceDealPaths.cancel, { id: opened.body.id }));
      expect(refused.status).toBe(409);
    }
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("awaiting_transfer");
  });
});

describe("a refund of a completed sale", () => {
  it("takes the seller's credit back and returns the domain to the seller: the buyer never keeps both", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "1000.00");
    const opened = await open(buyer.agent, { domainId: domain.id });
    await recordPayment(
      t.db,
      t.deps.mailer,
      t.deps.logger,
      {
        orderId: opened.body.orderId,
        provider: "stripe",
        providerPaymentId: `pi_${opened.body.orderId.slice(0, 8)}`,
        amountPaid: "1000.00",
      },
      paidContext(30),
    );
    const view = await sale(buyer.agent, opened.body.id);
    dns.publishTxt(domain.name, view.transfer?.txtRecord.value ?? "");
    await buyer.agent.post(pathTo(marketplaceDealPaths.confirmTransfer, { id: opened.body.id }));
    expect(
      (await buyer.agent.post(pathTo(marketplaceDealPaths.acceptTransaction, { id: opened.body.id }))).body
        .status,
    ).toBe("completed");
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "850.00" });

    // The buyer's bank takes the payment back weeks later: the provider's word reaches the order.
    const chargeback = (eventId: string) =>
      refundOrder(
        t.db,
        {
          provider: "stripe",
          eventId,
          eventType: "charge.dispute.created",
          paymentIds: [`pi_${opened.body.orderId.slice(0, 8)}`],
          moved: { kind: "chargeback", disputeId: `dp_${opened.body.id.slice(0, 8)}` },
        },
        PAYMENT_EFFECTS,
      );
    expect(await chargeback(`evt_${opened.body.id}`)).toBe("charged-back");

    expect((await sale(buyer.agent, opened.body.id)).status).toBe("charged_back");
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "0.00" });
    const copies = await t.db.select().from(domains).where(eq(domains.name, domain.name));
    const sellers = copies.find((d) => d.userId === seller.user.id);
    const buyers = copies.find((d) => d.userId === buyer.user.id);
    expect(sellers).toMatchObject({ soldAt: null, soldPrice: null, marketplacePrice: null });
    expect(sellers?.verifiedAt).not.toBeNull();
    expect(buyers?.verifiedAt).toBeNull();
    // A second word of it changes nothing.
    expect(await chargeback(`evt_again_${opened.body.id}`)).toBe("recorded-before");
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "0.00" });
  });
});

describe("a domain in a sale in progress stays put", () => {
  it("cannot be unlisted, marked sold by hand or removed, nor either side's account deleted, until the sale ends", async () => {
    const { buyer, seller, domain } = await sellerAndBuyer(t.app, t.db, "2000.00");
    const opened = await open(buyer.agent, { domainId: domain.id });
    expect(opened.status).toBe(201);

    const unlist = await seller.agent.delete(pathTo(marketplacePaths.unlist, { domainId: domain.id }));
    const sold = await seller.agent
      .post(marketplacePaths.sold)
      .send({ domainId: domain.id, price: "2000.00" });
    const removed = await seller.agent.delete(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    for (const res of [unlist, sold, removed]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toContain("sale in progress");
    }
    const [row] = await t.db.select().from(domains).where(eq(domains.id, domain.id));
    expect(row).toMatchObject({ marketplacePrice: "2000.00", soldAt: null });
    // Someone else's domain is still "not found", whatever its sales.
    expect((await buyer.agent.delete(pathTo(marketplacePaths.unlist, { domainId: domain.id }))).status).toBe(
      404,
    );
    for (const side of [seller, buyer]) {
      const deleted = await side.agent.delete(AUTH_PATHS.account);
      expect(deleted.status).toBe(409);
      expect(deleted.body.message).toBe(
        "A domain sale you take part in is still in progress. Delete your account once it has ended.",
      );
    }
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("awaiting_payment");

    await seller.agent.post(pathTo(marketplaceDealPaths.cancel, { id: opened.body.id })).expect(200);
    expect((await seller.agent.delete(pathTo(marketplacePaths.unlist, { domainId: domain.id }))).status).toBe(
      204,
    );
    expect((await buyer.agent.delete(AUTH_PATHS.account)).status).toBeLessThan(300);
  });
});
