import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendListingsNewsletter } from "../../server/modules/marketplace/listings-newsletter";
import { BILLING_PATHS } from "../../shared/api/billing";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import type { TMarketplaceListing } from "../../shared/api/marketplace/listings";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { LISTING_TYPES, premiumListingPrice } from "../../shared/prices";
import { entitlements } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A seller lists `count` domains (one a day older each), and buys `offer` for the first through checkout. */
async function sellerWith(count: number) {
  const seller = await signUp(t.app);
  const listed = [];
  for (let i = 0; i < count; i += 1) {
    listed.push(
      await insertDomain(t.db, seller.user.id, {
        marketplacePrice: `${100 + i}.00`,
        listedAt: new Date(Date.now() - (i + 1) * DAY),
      }),
    );
  }
  return { seller, listed };
}
async function buyAndPay(agent: request.Agent, path: string, body: Record<string, unknown>) {
  const res = await agent.post(path).send(body);
  expect(res.status).toBe(201);
  expect((await agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: res.body.orderId }))).status).toBe(303);
}

describe("Premium Listing", () => {
  it("is priced at the tier's monthly rate for the days bought", () => {
    expect(premiumListingPrice("featured", 30)).toBe("49.99");
    expect(premiumListingPrice("featured", 7)).toBe("11.66");
    expect(premiumListingPrice("enterprise", 90)).toBe("1499.97");
  });

  it("puts the listing first in every order with its end date, across pages, until the days bought end", async () => {
    const { seller, listed } = await sellerWith(3);
    // The oldest and cheapest-but-one listing: last under "newest" without a boost.
    const boosted = listed[2];
    await buyAndPay(seller.agent, OFFERS.premiumListing.path, {
      domainId: boosted.id,
      listingType: "featured",
      duration: 7,
      price: "11.66",
    });
    const buyer = await signUp(t.app);
    for (const sort of ["newest", "price-asc", "price-desc", "visitors-desc"]) {
      const res = await buyer.agent.get(`${marketplacePaths.domains}?sort=${sort}&limit=2`);
      expect(res.status).toBe(200);
      const first = (res.body as TMarketplaceListing[])[0];
      expect(first.id, sort).toBe(boosted.id);
      const days = (Date.parse(first.featuredUntil ?? "") - Date.now()) / DAY;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      expect((res.body as TMarketplaceListing[])[1].featuredUntil).toBeNull();
    }
    // Paging on from the featured first page neither repeats nor loses a listing.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await buyer.agent
        .get(marketplacePaths.domains)
        .query({ sort: "price-asc", limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...(res.body as TMarketplaceListing[]).map((l) => l.id));
      cursor = res.headers["x-next-cursor"];
    } while (cursor && seen.length < 500);
    for (const domain of listed) expect(seen.filter((id) => id === domain.id)).toHaveLength(1);
    expect(seen.indexOf(boosted.id)).toBeLessThan(seen.indexOf(listed[0].id));

    // When the days bought are over, it takes its own place again.
    await t.db
      .update(entitlements)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(entitlements.domainId, boosted.id));
    const after = (await buyer.agent.get(`${marketplacePaths.domains}?sort=newest&limit=200`))
      .body as TMarketplaceListing[];
    expect(after.find((l) => l.id === boosted.id)?.featuredUntil).toBeNull();
    expect(after.findIndex((l) => l.id === boosted.id)).toBeGreaterThan(
      after.findIndex((l) => l.id === listed[0].id),
    );
  });

  it("refuses a cursor from before featured listings came first", async () => {
    const old = Buffer.from(JSON.stringify(["100.00", "a.com"])).toString("base64url");
    const { agent } = await signUp(t.app);
    expect((await agent.get(`${marketplacePaths.domains}?sort=price-asc&cursor=${old}`)).status).toBe(400);
  });
});

describe("Premium Listing's tiers", () => {
  it("place each tier above the one before it, Exclusive and Enterprise on the storefront's front, Enterprise in the newsletter", async () => {
    const { seller, listed } = await sellerWith(4);
    // listed[0] is the newest: bought the lowest tier, it must still end below the others.
    for (const [i, tier] of LISTING_TYPES.entries())
      await buyAndPay(seller.agent, OFFERS.premiumListing.path, {
        domainId: listed[i].id,
        listingType: tier.id,
        duration: 7,
        price: premiumListingPrice(tier.id, 7),
      });
    const order = (await seller.agent.get(`${marketplacePaths.domains}?sort=newest&limit=4`))
      .body as TMarketplaceListing[];
    expect(order.map((l) => l.id)).toEqual([listed[3].id, listed[2].id, listed[1].id, listed[0].id]);

    const front = (await request(t.app).get("/listings")).text;
    const promoted = front.slice(front.indexOf("Featured on ParkPilot"), front.indexOf("All listings"));
    expect(promoted).toContain(listed[2].name);
    expect(promoted).toContain(listed[3].name);
    expect(promoted).not.toContain(listed[1].name);
    expect(promoted).not.toContain(listed[0].name);

    const sent = await sendListingsNewsletter({
      db: t.db,
      mailer: t.deps.mailer,
      appUrl: t.deps.config.appUrl,
      secret: t.deps.config.sessionSecret,
    });
    expect(sent.listings).toBe(1);
  });

  it("are sold only for a verified, listed name: a pending or unlisted one is refused and nothing is ordered", async () => {
    const owner = await signUp(t.app);
    const unlisted = await insertDomain(t.db, owner.user.id);
    const pending = await insertDomain(t.db, owner.user.id, {
      status: "pending",
      marketplacePrice: "500.00",
    });
    const premium = (domainId: string) =>
      owner.agent
        .post(OFFERS.premiumListing.path)
        .send({ domainId, listingType: "premium", duration: 30, price: "99.99" });
    const unlistedAnswer = await premium(unlisted.id);
    expect(unlistedAnswer.status).toBe(409);
    expect(unlistedAnswer.body.message).toMatch(/not listed for sale/);
    const pendingAnswer = await premium(pending.id);
    expect(pendingAnswer.status).toBe(409);
    expect(pendingAnswer.body.message).toMatch(/not verified/);
    const promotion = await owner.agent
      .post(OFFERS.promotion.path)
      .send({ domainId: unlisted.id, promotionType: "social", duration: 30, price: "99.99" });
    expect(promotion.status).toBe(409);
    expect((await owner.agent.get(`${BILLING_PATHS.serviceOrders}?status=pending`)).body).toEqual([]);
  });
});

describe("the public storefront", () => {
  it("shows every listing to a signed-out visitor, promoted ones on its front, each with an indexable page", async () => {
    const { seller, listed } = await sellerWith(2);
    await buyAndPay(seller.agent, OFFERS.promotion.path, {
      domainId: listed[1].id,
      promotionType: "homepage",
      duration: 30,
      price: "199.99",
    });
    await buyAndPay(seller.agent, OFFERS.buyerProtection.path, {
      domainId: listed[1].id,
      protectionLevel: "standard",
      price: "99.99",
    });
    const front = await request(t.app).get("/listings");
    expect(front.status).toBe(200);
    expect(front.type).toBe("text/html");
    const promotedSection = front.text.slice(
      front.text.indexOf("Featured on ParkPilot"),
      front.text.indexOf("All listings"),
    );
    expect(promotedSection).toContain(listed[1].name);
    expect(promotedSection).not.toContain(listed[0].name);
    expect(front.text).toContain(`href="/listings/${listed[0].name}"`);

    const one = await request(t.app).get(`/listings/${listed[1].name}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain(
      `<link rel="canonical" href="${t.deps.config.appUrl}/listings/${listed[1].name}">`,
    );
    expect(one.text).toContain('content="index, follow"');
    expect(one.text).toContain("$101.00");
    expect(one.text).toContain(`href="/marketplace/deals?buy=${listed[1].id}">Buy now`);
    expect(one.text).toContain(`href="/marketplace/deals?offer=${listed[1].id}">Make offer`);
    expect(one.text).toContain("7-day inspection");
    expect(one.text).not.toContain(seller.input.email);
  });

  it("answers 404 for a name that is not for sale, escaping what was asked", async () => {
    const unlisted = await insertDomain(t.db, (await signUp(t.app)).user.id);
    expect((await request(t.app).get(`/listings/${unlisted.name}`)).status).toBe(404);
    const odd = await request(t.app).get(`/listings/${encodeURIComponent("<script>x</script>")}`);
    expect(odd.status).toBe(404);
    expect(odd.text).not.toContain("<script>x");
  });
});
