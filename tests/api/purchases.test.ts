import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFERS, type OfferKey } from "../../shared/catalog";
import { centsToDecimal, toCents } from "../../shared/money";
import { domainServices, serviceOrders } from "../../shared/schema";
import { addDailyRevenue } from "../factories/analytics";
import { insertDomain } from "../factories/domains";
import { purchaseBody } from "../factories/purchases";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** The docs/product.md#constants price of each factory body (purchaseBody's choices), in dollars. */
const SPEC_PRICES: Record<OfferKey, string> = {
  appraisal: "99.99",
  broker: "599.99",
  premiumService: "199.99",
  proUpgrade: "49.00",
  // Exclusive (199.99 a month) for 60 days.
  premiumListing: "399.98",
  buyerProtection: "199.99",
  financing: "499.99",
  promotion: "149.99",
  recruitmentIncentive: "2500.00",
  trainingCourse: "247.00",
  tierUpgrade: "599.00",
  marketingTools: "177.00",
  premiumAnalytics: "197.00",
  customReports: "599.00",
  competitiveAnalysis: "286.00",
  forecasting: "399.00",
  accountUpgrade: "199.00",
  securityUpgrade: "142.00",
  supportSubscription: "179.00",
  apiAccess: "149.00",
};

const OFFER_KEYS = Object.keys(SPEC_PRICES) as OfferKey[];
const PRICED_KEYS = OFFER_KEYS.filter((key) => OFFERS[key].priceField !== null);
const DOMAIN_KEYS = OFFER_KEYS.filter((key) => OFFERS[key].referencesDomain);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An account with a domain and 60 days of revenue: history enough for a forecast to be sold. */
async function buyer() {
  const account = await signUp(t.app);
  // Listed for sale, so that its marketplace boosters have a listing to place.
  const domain = await insertDomain(t.db, account.user.id, { marketplacePrice: "2500.00" });
  await addDailyRevenue(t.db, account.user.id, 60);
  return { ...account, domain };
}

const ordersOf = (userId: string) =>
  t.db.select().from(serviceOrders).where(eq(serviceOrders.userId, userId));

describe("purchase paths", () => {
  it("the catalogue has one offer per purchase path of the spec", () => {
    expect(Object.keys(OFFERS).sort()).toEqual([...OFFER_KEYS].sort());
  });

  it.each(OFFER_KEYS)(
    "%s at the exact price creates a pending order priced from the catalogue",
    async (key) => {
      const { agent, user, domain } = await buyer();

      const res = await agent.post(OFFERS[key].path).send(purchaseBody(key, domain.id, SPEC_PRICES[key]));

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        orderId: expect.any(String),
        checkoutUrl: `/checkout/service/${res.body.orderId}`,
      });
      const [order] = await ordersOf(user.id);
      expect(order).toMatchObject({
        id: res.body.orderId,
        offerId: key,
        status: "pending",
        price: SPEC_PRICES[key],
      });
      expect(order.domainId).toBe(OFFERS[key].referencesDomain ? domain.id : null);
    },
  );

  it.each(PRICED_KEYS)("%s one cent below the price is refused with 409 and saves nothing", async (key) => {
    const { agent, user, domain } = await buyer();
    const oneCentOff = centsToDecimal(toCents(SPEC_PRICES[key]) - 1);

    const res = await agent.post(OFFERS[key].path).send(purchaseBody(key, domain.id, oneCentOff));

    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Price mismatch");
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it.each(PRICED_KEYS)("%s one cent above the price is refused with 409", async (key) => {
    const { agent, domain } = await buyer();
    const oneCentOver = centsToDecimal(toCents(SPEC_PRICES[key]) + 1);

    const res = await agent.post(OFFERS[key].path).send(purchaseBody(key, domain.id, oneCentOver));

    expect(res.status).toBe(409);
  });

  it.each(DOMAIN_KEYS)("%s on another user's domain is answered 404 and saves nothing", async (key) => {
    const owner = await buyer();
    const { agent, user } = await signUp(t.app);

    const res = await agent.post(OFFERS[key].path).send(purchaseBody(key, owner.domain.id, SPEC_PRICES[key]));

    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Domain not found");
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await ordersOf(owner.user.id)).toHaveLength(0);
  });

  it("a price sent as a number is compared exactly, to the cent", async () => {
    const { agent, domain } = await buyer();

    const res = await agent
      .post(OFFERS.appraisal.path)
      .send({ type: "basic", domainId: domain.id, price: 29.99 });

    expect(res.status).toBe(201);
  });

  it("competitive analysis charges 199 plus 29 for every non-blank competitor line", async () => {
    const { agent, user } = await buyer();

    const res = await agent
      .post(OFFERS.competitiveAnalysis.path)
      .send({ competitors: "a.com\n \n\tb.com\n\nc.com\nd.com\n", price: "315" });

    expect(res.status).toBe(201);
    const [order] = await ordersOf(user.id);
    expect(order.price).toBe("315.00");
  });

  it("a domain service order creates the domain's service record, pending until paid", async () => {
    const { agent, domain } = await buyer();

    const res = await agent
      .post(OFFERS.premiumService.path)
      .send(purchaseBody("premiumService", domain.id, "199.99"));

    const records = await t.db
      .select()
      .from(domainServices)
      .where(eq(domainServices.orderId, res.body.orderId));
    expect(records).toMatchObject([{ domainId: domain.id, serviceType: "traffic_boost", status: "pending" }]);
  });

  it("an unknown option is refused with 400 and a message, and saves nothing", async () => {
    const { agent, user, domain } = await buyer();

    const res = await agent
      .post(OFFERS.appraisal.path)
      .send({ type: "platinum", domainId: domain.id, price: "29.99" });

    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it("marketing tools need at least one tool", async () => {
    const { agent, user } = await buyer();

    const res = await agent.post(OFFERS.marketingTools.path).send({ tools: [], totalPrice: "0" });

    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Select at least one tool");
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it("a signed-out visitor cannot buy", async () => {
    const { domain } = await buyer();
    const res = await request(t.app)
      .post(OFFERS.appraisal.path)
      .send(purchaseBody("appraisal", domain.id, "99.99"));

    expect(res.status).toBe(401);
  });
});
