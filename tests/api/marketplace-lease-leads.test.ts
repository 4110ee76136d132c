import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { sellerAndBuyer } from "../factories/deals";
import { HELD_LEADS_ENV, leadBody, visitorLead } from "../factories/leads";
import { heldOf } from "../factories/payments";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: HELD_LEADS_ENV });
});
afterAll(() => t.close());

describe("a leased domain's parked page", () => {
  it("earns its leads for the lessee while the lease runs, and for the seller before it starts", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "2400.00");
    const financing = await seller.agent
      .post(OFFERS.financing.path)
      .send({ domainId: domain.id, terms: "24", setupFee: "399.99" });
    await seller.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: financing.body.orderId }));

    expect((await visitorLead(t.app, domain.name, leadBody())).status).toBe(201);
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "80.00" });

    const opened = await buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: domain.id, kind: "lease", months: 24 });
    expect(opened.status).toBe(201);
    expect(
      (await buyer.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: opened.body.orderId }))).status,
    ).toBe(303);
    expect((await visitorLead(t.app, domain.name, leadBody())).status).toBe(201);
    expect(await heldOf(t.db, buyer.user.id)).toEqual({ available: "0.00", pending: "80.00" });
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "80.00" });
  });
});
