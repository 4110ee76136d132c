import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAdminDispute } from "../../shared/api/admin/sales";
import { ADMIN_SALES_PATHS } from "../../shared/api/admin/sales";
import type { TMarketplaceTransaction } from "../../shared/api/marketplace/deals";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { pathTo } from "../../shared/path-to";
import { ledgerEntries } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { heldOf } from "../factories/payments";
import { type Staff, signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { paidCheckoutSession, signedStripeEvent } from "../factories/webhooks";
import type { startFakeStripe } from "../setup/fake-stripe";
import { createTestAppWithStripe, type TestApp } from "../setup/test-app";

const WEBHOOK_SECRET = "whsec_test_disputes";

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let staff: Staff;
let seller: Awaited<ReturnType<typeof signUp>>;
let buyer: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  ({ t, fake } = await createTestAppWithStripe(WEBHOOK_SECRET));
  staff = await signInStaff(t);
  seller = await signUp(t.app);
  buyer = await signUp(t.app);
});
afterAll(() => t.close());

/** A $1,000 listing of the seller's, bought by the buyer with a card (Stripe's signed webhook), then disputed by the buyer. */
async function disputedSale(reason: string) {
  const domain = await insertDomain(t.db, seller.user.id, {
    marketplacePrice: "1000.00",
    listedAt: new Date(),
  });
  const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
  expect(opened.status).toBe(201);
  const paid = await signedStripeEvent(
    t.app,
    WEBHOOK_SECRET,
    "checkout.session.completed",
    paidCheckoutSession(opened.body.orderId, 100_000, `pi_${opened.body.orderId.slice(0, 12)}`),
  );
  expect(paid.status).toBe(200);
  const disputed = await buyer.agent
    .post(pathTo(marketplaceDealPaths.dispute, { id: opened.body.id }))
    .send({ reason });
  expect(disputed.body.status).toBe("disputed");
  return { id: opened.body.id as string, domain };
}

const disputes = async () => {
  const res = await staff.agent.get(ADMIN_SALES_PATHS.disputes);
  expect(res.status).toBe(200);
  return res.body as TAdminDispute[];
};
const saleCredits = async () =>
  (
    await t.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, seller.user.id), eq(ledgerEntries.kind, "sale")))
  ).map((e) => e.amount);

describe("disputes in the operator console", () => {
  it("shows both sides' statements and the transfer evidence; only the two sides may state, only while disputed", async () => {
    const { id, domain } = await disputedSale("The seller never moved the name");
    const statement = (agent: typeof buyer.agent, text: string) =>
      agent.post(pathTo(marketplaceDealPaths.statement, { id })).send({ statement: text });

    expect((await statement(seller.agent, "")).status).toBe(400);
    expect((await statement(staff.agent, "I saw it all")).status).toBe(404);
    const given = await statement(seller.agent, "I pushed it to the buyer's registrar on Monday");
    expect(given.status).toBe(200);
    expect((given.body as TMarketplaceTransaction).statements).toMatchObject({
      buyer: { text: "The seller never moved the name" },
      seller: { text: "I pushed it to the buyer's registrar on Monday" },
    });

    const shown = (await disputes()).find((d) => d.id === id);
    expect(shown).toMatchObject({
      domainName: domain.name,
      amount: "1000.00",
      testMoney: false,
      sellerProceedsIfReleased: "850.00",
      buyer: { id: buyer.user.id, email: buyer.input.email },
      seller: { id: seller.user.id, email: seller.input.email },
      statements: {
        buyer: { text: "The seller never moved the name" },
        seller: { text: "I pushed it to the buyer's registrar on Monday" },
      },
      transfer: {
        txtRecord: { name: domain.name, value: expect.stringMatching(/^parkpilot-verify=/) },
        provenAt: null,
        sellerCopy: { verifiedAt: expect.any(String) },
        buyerCopy: null,
      },
      partRefundable: true,
    });
    expect((await buyer.agent.get(ADMIN_SALES_PATHS.disputes)).status).toBe(404);

    // Released to the seller: the sale completes and the ledger holds the price less 15%.
    const released = await staff.agent
      .post(pathTo(ADMIN_SALES_PATHS.release, { id }))
      .send({ reason: "The registrar's log shows the push" });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ id, status: "completed", refunded: "0.00" });
    expect(await saleCredits()).toEqual(["850.00"]);
    expect((await statement(buyer.agent, "too late")).status).toBe(409);
  });

  it("refunds the buyer in whole through Stripe: the seller is credited nothing", async () => {
    const before = fake.refunds.length;
    const { id } = await disputedSale("Wrong name delivered");
    const refunded = await staff.agent
      .post(pathTo(ADMIN_SALES_PATHS.refund, { id }))
      .send({ reason: "Wrong name" });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ id, status: "refunded" });
    expect(fake.refunds.slice(before)).toMatchObject([{ amount: 100_000 }]);
    expect(await saleCredits()).toEqual(["850.00"]);
    expect(
      (await staff.agent.post(pathTo(ADMIN_SALES_PATHS.release, { id })).send({ reason: "x" })).status,
    ).toBe(409);
  });

  it("refunds part and releases the rest: the seller's proceeds shrink pro rata in the ledger", async () => {
    const { id } = await disputedSale("The name came without its email records");
    const split = (body: object) =>
      staff.agent.post(pathTo(ADMIN_SALES_PATHS.partialRefund, { id })).send(body);
    expect((await split({ amount: "abc", reason: "x" })).status).toBe(400);
    expect((await split({ amount: "300.00", reason: "" })).status).toBe(400);
    const whole = await split({ amount: "1000.00", reason: "Everything" });
    expect(whole.status).toBe(422);
    expect((await disputes()).find((d) => d.id === id)?.status).toBe("disputed");

    const before = fake.refunds.length;
    const done = await split({ amount: "300.00", reason: "Email records missing" });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id, status: "completed", refunded: "300.00" });
    expect(fake.refunds.slice(before)).toMatchObject([{ amount: 30_000 }]);
    // 85% of the $700 kept: $595, beside the first sale's $850.
    expect((await saleCredits()).sort()).toEqual(["595.00", "850.00"]);
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "1445.00" });
  });
});
