import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { pathTo } from "../../shared/path-to";
import { PARKING_TEMPLATES } from "../../shared/prices";
import { payInSandbox } from "../factories/billing";
import { sellerAndBuyer } from "../factories/deals";
import { insertDomain } from "../factories/domains";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const visit = (host: string, path = "/") =>
  request(t.app).get(path).set({ Host: host, Accept: "text/html", "User-Agent": BROWSER });
/** The owner's own listing as the marketplace shows it to them. */
const ownListing = async (agent: request.Agent, id: string) => {
  const res = await agent.get(`${marketplacePaths.domains}?limit=100`);
  return (res.body as { id: string; lander: unknown }[]).find((l) => l.id === id);
};

describe("a listed name's parked page (its for-sale lander)", () => {
  it("shows the price with Buy now and Make offer on every template, without the page builder, leading to the listing", async () => {
    const { seller } = await sellerAndBuyer(t.app, t.db);
    let domain = { id: "", name: "" };
    for (const template of PARKING_TEMPLATES) {
      domain = await insertDomain(t.db, seller.user.id, {
        parkingTemplate: template,
        marketplacePrice: "2500.00",
        listedAt: new Date(),
      });
      const page = await visit(domain.name);
      expect(page.status).toBe(200);
      expect(page.text, template).toContain(`class="t-${template}"`);
      expect(page.text, template).toContain("$2,500.00");
      expect(page.text, template).toContain(
        '<a href="/__pp/buy">Buy now</a><a href="/__pp/buy?offer=1">Make offer</a>',
      );
    }
    const buy = await visit(domain.name, "/__pp/buy");
    expect(buy.status).toBe(302);
    expect(buy.headers.location).toBe(
      `${t.deps.config.appUrl}/listings/${encodeURIComponent(domain.name)}?from=lander`,
    );
    // The listing's page carries where the buyer came from to its own Buy now and Make offer.
    const listing = await request(t.app).get(`/listings/${domain.name}?from=lander`);
    expect(listing.text).toContain(`/marketplace/deals?buy=${domain.id}&amp;from=lander`);
    expect(listing.text).toContain(`/marketplace/deals?offer=${domain.id}&amp;from=lander`);
  });

  it("counts the lander's views, offers and sales for its owner only, and the owner can turn the price off", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "900.00");
    const other = await sellerAndBuyer(t.app, t.db);

    await visit(domain.name).set("X-Forwarded-For", "203.0.113.9");
    const offer = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "700.00", from: "lander" });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    // An offer not from the lander is not its.
    await other.buyer.agent.post(marketplaceDealPaths.offers).send({ domainId: domain.id, amount: "650.00" });
    const sale = await buyer.agent
      .post(marketplaceDealPaths.transactions)
      .send({ domainId: domain.id, from: "lander" });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    await payInSandbox(buyer.agent, sale.body.orderId);

    await expect
      .poll(() => ownListing(seller.agent, domain.id))
      .toMatchObject({
        lander: { shown: true, views: 1, offers: 1, sales: 1 },
      });
    expect(await ownListing(buyer.agent, domain.id)).toMatchObject({ lander: null });

    // Bad input and another account's name change nothing.
    const bad = await seller.agent
      .put(pathTo(marketplacePaths.lander, { domainId: domain.id }))
      .send({ shown: "no" });
    expect(bad.status).toBe(400);
    const foreign = await other.seller.agent
      .put(pathTo(marketplacePaths.lander, { domainId: domain.id }))
      .send({ shown: false });
    expect(foreign.status).toBe(404);
    const badFrom = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: other.domain.id, amount: "10.00", from: "banner" });
    expect(badFrom.status).toBe(400);

    const off = await other.seller.agent
      .put(pathTo(marketplacePaths.lander, { domainId: other.domain.id }))
      .send({ shown: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ id: other.domain.id, shown: false });
    const page = await visit(other.domain.name);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("$1,000.00");
    expect(page.text).not.toContain("Buy now");
    expect((await visit(other.domain.name, "/__pp/buy")).headers.location ?? "").not.toContain("/listings/");
  });
});
