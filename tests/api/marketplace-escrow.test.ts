import { and, eq } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paidContext } from "../../server/order-effects/order-effects";
import { recordPayment } from "../../server/payments/record-payment";
import { ADMIN_SALES_PATHS } from "../../shared/api/admin/sales";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import type { TDomain } from "../../shared/api/domains";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import type { TMarketplaceTransaction } from "../../shared/api/marketplace/deals";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { domains, ledgerEntries, serviceOrders, workOrders } from "../../shared/schema";
import { runSaleClock, sellerAndBuyer } from "../factories/deals";
import { heldOf } from "../factories/payments";
import { signInStaff } from "../factories/staff";
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

const sale = async (agent: Agent, id: string) => {
  const res = await agent.get(pathTo(marketplaceDealPaths.transaction, { id }));
  expect(res.status).toBe(200);
  return res.body as TMarketplaceTransaction;
};
const order = async (id: string) =>
  (await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0];
const domainRow = async (id: string) => (await t.db.select().from(domains).where(eq(domains.id, id)))[0];
/** A card payment as the verified Stripe webhook records it: real money, so the sale credits the seller. */
const payByCard = (orderId: string, amount: string) =>
  recordPayment(
    t.db,
    t.deps.mailer,
    t.deps.logger,
    { orderId, provider: "stripe", providerPaymentId: `pi_${orderId.slice(0, 8)}`, amountPaid: amount },
    paidContext(30),
  );
const payInSandbox = (agent: Agent, orderId: string) =>
  agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId }));

/** The buyer publishes the TXT record of the sale on the test DNS server and confirms. */
async function proveTransfer(agent: Agent, id: string) {
  const before = await sale(agent, id);
  if (!before.transfer) throw new Error("no transfer record to publish");
  dns.publishTxt(before.transfer.txtRecord.name, before.transfer.txtRecord.value);
  return agent.post(pathTo(marketplaceDealPaths.confirmTransfer, { id }));
}

describe("buy now through escrow", () => {
  it("walks awaiting payment → transfer → inspection → completed: the domain is the buyer's, verified, and the seller holds the price less 15%", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "1000.00");

    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      id: expect.any(String),
      status: "awaiting_payment",
      amount: "1000.00",
      orderId: expect.any(String),
    });
    const { id, orderId } = opened.body;
    expect(await order(orderId)).toMatchObject({
      userId: buyer.user.id,
      price: "1000.00",
      status: "pending",
    });
    // One sale at a time per listing.
    const other = await signUp(t.app);
    expect(
      (await other.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id })).status,
    ).toBe(409);

    const early = await buyer.agent.post(pathTo(marketplaceDealPaths.confirmTransfer, { id }));
    expect(early.status).toBe(409);
    expect(await payByCard(orderId, "1000.00")).toBe("fulfilled");
    const paid = await sale(buyer.agent, id);
    expect(paid).toMatchObject({ status: "awaiting_transfer", role: "buyer", sellerProceeds: "850.00" });
    expect(paid.transfer?.txtRecord).toEqual({
      name: domain.name,
      value: expect.stringMatching(/^parkpilot-verify=[0-9a-f]{32}$/),
    });
    expect((await sale(seller.agent, id)).transfer).toBeNull();

    const unproven = await buyer.agent.post(pathTo(marketplaceDealPaths.confirmTransfer, { id }));
    expect(unproven.status).toBe(422);
    expect((await seller.agent.post(pathTo(marketplaceDealPaths.confirmTransfer, { id }))).status).toBe(403);
    const proven = await proveTransfer(buyer.agent, id);
    expect(proven.status).toBe(200);
    expect(proven.body.status).toBe("inspection");
    expect(Date.parse(proven.body.deadline) - Date.now()).toBeGreaterThan(2.99 * DAY_MS);

    expect((await seller.agent.post(pathTo(marketplaceDealPaths.acceptTransaction, { id }))).status).toBe(
      403,
    );
    const accepted = await buyer.agent.post(pathTo(marketplaceDealPaths.acceptTransaction, { id }));
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("completed");

    const mine = (await buyer.agent.get(DOMAIN_PATHS.list)).body as TDomain[] | { data: TDomain[] };
    const list = Array.isArray(mine) ? mine : mine.data;
    const bought = list.find((d) => d.name === domain.name);
    expect(bought?.verification.status).toBe("verified");
    const sold = await domainRow(domain.id);
    expect(sold).toMatchObject({ soldPrice: "1000.00", marketplacePrice: null, verifiedAt: null });
    expect(sold.soldAt).not.toBeNull();
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "850.00" });
    const [credit] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, seller.user.id), eq(ledgerEntries.kind, "sale")));
    expect(Date.parse(String(credit.releaseAt)) - Date.now()).toBeGreaterThan(29 * DAY_MS);
    // The escrow buyer's referrer would earn nothing here, and a second completion credits nothing more.
    expect((await buyer.agent.post(pathTo(marketplaceDealPaths.acceptTransaction, { id }))).status).toBe(409);
  });

  it("hides a sale from everyone but its two sides, and refuses buying one's own listing or an unlisted one", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    const stranger = await signUp(t.app);
    expect(
      (await stranger.agent.get(pathTo(marketplaceDealPaths.transaction, { id: opened.body.id }))).status,
    ).toBe(404);
    expect(
      (
        await stranger.agent
          .post(pathTo(marketplaceDealPaths.dispute, { id: opened.body.id }))
          .send({ reason: "x" })
      ).status,
    ).toBe(404);
    expect(
      (await seller.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id })).status,
    ).toBe(409);
    const bad = await buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: domain.id, offerId: domain.id });
    expect(bad.status).toBe(400);
    const unknown = await buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(404);
  });
});

describe("unpaid sales", () => {
  it("a buyer holds at most two listings unpaid at once, so one account cannot block every listing", async () => {
    const { buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const second = await sellerAndBuyer(t.app, t.db);
    const third = await sellerAndBuyer(t.app, t.db);
    const open = (domainId: string) => buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId });
    expect((await open(domain.id)).status).toBe(201);
    expect((await open(second.domain.id)).status).toBe(201);
    const refused = await open(third.domain.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/waiting for payment/);
    // Another buyer can still buy the third listing.
    expect(
      (await third.buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: third.domain.id }))
        .status,
    ).toBe(201);
  });
});

describe("a sale by offer", () => {
  it("pays an accepted offer's amount in the sandbox and completes when inspection runs out: the name moves, test money credits nobody", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "2000.00");
    const made = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "1500" });
    // Not accepted yet: it cannot be paid.
    expect(
      (await buyer.agent.post(marketplaceDealPaths.transactions).send({ offerId: made.body.id })).status,
    ).toBe(409);
    await seller.agent.post(pathTo(marketplaceDealPaths.accept, { id: made.body.id }));
    expect(
      (await seller.agent.post(marketplaceDealPaths.transactions).send({ offerId: made.body.id })).status,
    ).toBe(404);

    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ offerId: made.body.id });
    expect(opened.status).toBe(201);
    expect(opened.body.amount).toBe("1500.00");
    expect((await payInSandbox(buyer.agent, opened.body.orderId)).status).toBe(303);
    // The seller is told it is test money, not promised proceeds.
    expect(await sale(seller.agent, opened.body.id)).toMatchObject({ testMoney: true, role: "seller" });
    expect((await proveTransfer(buyer.agent, opened.body.id)).body.status).toBe("inspection");

    expect((await runSaleClock(t, new Date(Date.now() + 2 * DAY_MS))).completed).toBe(0);
    await runSaleClock(t, new Date(Date.now() + 3 * DAY_MS + 60_000));
    expect((await sale(seller.agent, opened.body.id)).status).toBe("completed");
    expect((await domainRow(domain.id)).soldPrice).toBe("1500.00");
    const credits = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, seller.user.id));
    expect(credits).toEqual([]);
  });
});

describe("timeouts without a person", () => {
  it("cancels a sale nobody paid within 5 days, and its order can no longer be paid", async () => {
    const { buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    expect((await runSaleClock(t, new Date(Date.now() + 4 * DAY_MS))).cancelled).toBe(0);
    await runSaleClock(t, new Date(Date.now() + 5 * DAY_MS + 60_000));
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("cancelled");
    expect((await order(opened.body.orderId)).status).toBe("cancelled");
    expect((await payInSandbox(buyer.agent, opened.body.orderId)).status).toBe(409);
    // The listing is free to sell again.
    expect(
      (await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id })).status,
    ).toBe(201);
  });

  it("refunds a paid sale whose domain the buyer has not proven within 7 days", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    await payInSandbox(buyer.agent, opened.body.orderId);
    expect((await runSaleClock(t, new Date(Date.now() + 6 * DAY_MS))).refunded).toBe(0);
    await runSaleClock(t, new Date(Date.now() + 7 * DAY_MS + 60_000));
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("refunded");
    expect((await order(opened.body.orderId)).status).toBe("refunded");
    expect((await domainRow(domain.id)).soldAt).toBeNull();
    expect((await domainRow(domain.id)).userId).toBe(seller.user.id);
  });
});

describe("disputes in the operator console", () => {
  it("staff refund one to the buyer, or release another to the seller", async () => {
    const staff = await signInStaff(t);
    const first = await sellerAndBuyer(t.app, t.db);
    const a = await first.buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: first.domain.id });
    await payInSandbox(first.buyer.agent, a.body.orderId);
    expect(
      (
        await first.buyer.agent
          .post(pathTo(marketplaceDealPaths.dispute, { id: a.body.id }))
          .send({ reason: "" })
      ).status,
    ).toBe(400);
    const disputed = await first.buyer.agent
      .post(pathTo(marketplaceDealPaths.dispute, { id: a.body.id }))
      .send({ reason: "The seller stopped answering" });
    expect(disputed.body.status).toBe("disputed");
    // The clock stops: no refund for a late transfer while staff decide.
    expect((await runSaleClock(t, new Date(Date.now() + 8 * DAY_MS))).refunded).toBe(0);

    const queue = await staff.agent.get(ADMIN_SALES_PATHS.disputes);
    expect(queue.body.map((d: { id: string }) => d.id)).toContain(a.body.id);
    expect((await first.buyer.agent.get(ADMIN_SALES_PATHS.disputes)).status).toBe(404);
    const refunded = await staff.agent
      .post(pathTo(ADMIN_SALES_PATHS.refund, { id: a.body.id }))
      .send({ reason: "No transfer" });
    expect(refunded.status).toBe(200);
    expect((await sale(first.buyer.agent, a.body.id)).status).toBe("refunded");

    const second = await sellerAndBuyer(t.app, t.db);
    const b = await second.buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: second.domain.id });
    await payInSandbox(second.buyer.agent, b.body.orderId);
    await proveTransfer(second.buyer.agent, b.body.id);
    await second.seller.agent
      .post(pathTo(marketplaceDealPaths.dispute, { id: b.body.id }))
      .send({ reason: "Buyer stalls" });
    const released = await staff.agent
      .post(pathTo(ADMIN_SALES_PATHS.release, { id: b.body.id }))
      .send({ reason: "Transfer proven" });
    expect(released.status).toBe(200);
    expect((await sale(second.seller.agent, b.body.id)).status).toBe("completed");
    expect(
      (await staff.agent.post(pathTo(ADMIN_SALES_PATHS.release, { id: b.body.id })).send({ reason: "again" }))
        .status,
    ).toBe(409);
  });
});

describe("Buyer Protection", () => {
  it("a premium-protected listing gives its sales 10 days of inspection and a transfer specialist's work order", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const bought = await seller.agent
      .post(OFFERS.buyerProtection.path)
      .send({ domainId: domain.id, protectionLevel: "premium", price: "199.99" });
    expect(bought.status).toBe(201);
    await payInSandbox(seller.agent, bought.body.orderId);

    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    const view = await sale(buyer.agent, opened.body.id);
    expect(view).toMatchObject({ inspectionDays: 10, protection: { level: "premium" } });
    await payInSandbox(buyer.agent, opened.body.orderId);
    const [work] = await t.db.select().from(workOrders).where(eq(workOrders.orderId, opened.body.orderId));
    expect(work.title).toBe(`Transfer specialist: move ${domain.name} to its buyer`);
    const proven = await proveTransfer(buyer.agent, opened.body.id);
    expect(Date.parse(proven.body.deadline) - Date.now()).toBeGreaterThan(9.99 * DAY_MS);
  });

  it("an enterprise-protected sale whose dispute staff leave for 14 days is refunded in full", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const bought = await seller.agent
      .post(OFFERS.buyerProtection.path)
      .send({ domainId: domain.id, protectionLevel: "enterprise", price: "399.99" });
    await payInSandbox(seller.agent, bought.body.orderId);
    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    await payInSandbox(buyer.agent, opened.body.orderId);
    await buyer.agent
      .post(pathTo(marketplaceDealPaths.dispute, { id: opened.body.id }))
      .send({ reason: "Wrong name" });
    expect((await runSaleClock(t, new Date(Date.now() + 13 * DAY_MS))).refunded).toBe(0);
    await runSaleClock(t, new Date(Date.now() + 14 * DAY_MS + 60_000));
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("refunded");
  });
});
