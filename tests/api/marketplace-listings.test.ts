import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { pathTo } from "../../shared/path-to";
import { domains } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { createParkingDays } from "../factories/marketplace";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listingState = async (domainId: string) => {
  const [row] = await t.db
    .select({ price: domains.marketplacePrice, listedAt: domains.listedAt })
    .from(domains)
    .where(eq(domains.id, domainId));
  return row;
};

describe("GET /api/marketplace/domains", () => {
  it("shows every owner's listed, unsold domains with their 30-day figures, marks the viewer's own, and never names the owner", async () => {
    const seller = await signUp(t.app);
    const buyer = await signUp(t.app);
    const listed = await insertDomain(t.db, seller.user.id, {
      name: `shop-${Date.now()}.co.uk`,
      marketplacePrice: "2500.00",
      listedAt: new Date(),
      registrationDate: new Date("2019-04-02T00:00:00Z"),
    });
    await createParkingDays(t.db, listed, { days: 30, revenue: "3.00", visitors: 10 });
    // Older than the 30-day window: must not count.
    await t.db.execute(
      sql`insert into parking_reports (user_id, domain_id, network, day, visitors, revenue)
          values (${seller.user.id}, ${listed.id}, 'sedo', current_date - 45, 999, '500.00')`,
    );
    const unlisted = await insertDomain(t.db, seller.user.id);
    const sold = await insertDomain(t.db, seller.user.id, {
      marketplacePrice: "10.00",
      listedAt: new Date(),
      soldAt: new Date(),
      soldPrice: "10.00",
    });

    const res = await buyer.agent.get(marketplacePaths.domains);

    expect(res.status).toBe(200);
    const ids = res.body.map((l: { id: string }) => l.id);
    expect(ids).toContain(listed.id);
    expect(ids).not.toContain(unlisted.id);
    expect(ids).not.toContain(sold.id);
    const listing = res.body.find((l: { id: string }) => l.id === listed.id);
    expect(listing).toEqual({
      id: listed.id,
      name: listed.name,
      tld: "co.uk",
      price: "2500.00",
      visitors: 300,
      parkingRevenue: "3.00",
      registrationDate: "2019-04-02T00:00:00.000Z",
      listedAt: expect.any(String),
      isOwn: false,
      featuredUntil: null,
      // What the name's parked page brought is its owner's alone.
      lander: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(seller.input.email);

    const own = await seller.agent.get(marketplacePaths.domains);
    expect(own.body.find((l: { id: string }) => l.id === listed.id).isOwn).toBe(true);
  });

  it("is refused to a signed-out visitor", async () => {
    const res = await request(t.app).get(marketplacePaths.domains);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });
});

describe("POST /api/marketplace/list", () => {
  it("lists the owner's domain at the price, which then appears on the marketplace", async () => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id);

    const res = await seller.agent.post(marketplacePaths.list).send({ domainId: domain.id, price: "1250.5" });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: domain.id, price: "1250.50" });
    expect((await listingState(domain.id)).price).toBe("1250.50");
    const market = await seller.agent.get(marketplacePaths.domains);
    expect(market.body.find((l: { id: string }) => l.id === domain.id)?.price).toBe("1250.50");
  });

  it("answers 404 for another user's domain and leaves it unlisted", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const domain = await insertDomain(t.db, owner.user.id);

    const res = await intruder.agent
      .post(marketplacePaths.list)
      .send({ domainId: domain.id, price: "100.00" });

    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/not found/i);
    expect(await listingState(domain.id)).toEqual({ price: null, listedAt: null });
  });

  it("answers 409 when the domain is already listed and keeps the first price", async () => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id);
    await seller.agent.post(marketplacePaths.list).send({ domainId: domain.id, price: "100.00" }).expect(201);

    const res = await seller.agent.post(marketplacePaths.list).send({ domainId: domain.id, price: "900.00" });

    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already listed/);
    expect((await listingState(domain.id)).price).toBe("100.00");
  });

  it.each([
    ["zero", "0"],
    ["zero with decimals", "0.00"],
    ["a negative price", "-5"],
    ["three decimals", "10.999"],
    ["more than $10,000,000", "10000000.01"],
    ["text", "cheap"],
    ["an empty string", ""],
    ["nothing", undefined],
  ])("refuses %s as the price with 400 and leaves the domain unlisted", async (_label, price) => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id);

    const res = await seller.agent.post(marketplacePaths.list).send({ domainId: domain.id, price });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid input/);
    expect(await listingState(domain.id)).toEqual({ price: null, listedAt: null });
  });

  it("accepts exactly $10,000,000 and a numeric price", async () => {
    const seller = await signUp(t.app);
    const top = await insertDomain(t.db, seller.user.id);
    const numeric = await insertDomain(t.db, seller.user.id);

    const a = await seller.agent.post(marketplacePaths.list).send({ domainId: top.id, price: "10000000.00" });
    const b = await seller.agent.post(marketplacePaths.list).send({ domainId: numeric.id, price: 49.9 });

    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await listingState(top.id)).price).toBe("10000000.00");
    expect((await listingState(numeric.id)).price).toBe("49.90");
  });

  it("refuses a domain id that is not a uuid with 400", async () => {
    const seller = await signUp(t.app);
    const res = await seller.agent
      .post(marketplacePaths.list)
      .send({ domainId: "1; drop table", price: "5" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });
});

describe("DELETE /api/marketplace/list/:domainId", () => {
  it("takes the owner's listing off the marketplace so it can be listed again", async () => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id, {
      marketplacePrice: "300.00",
      listedAt: new Date(),
    });

    const res = await seller.agent.delete(pathTo(marketplacePaths.unlist, { domainId: domain.id }));

    expect(res.status).toBe(204);
    expect(await listingState(domain.id)).toEqual({ price: null, listedAt: null });
    const market = await seller.agent.get(marketplacePaths.domains);
    expect(market.body.map((l: { id: string }) => l.id)).not.toContain(domain.id);
    await seller.agent.post(marketplacePaths.list).send({ domainId: domain.id, price: "350" }).expect(201);
  });

  it("answers 404 for another user's listing and leaves it listed", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const domain = await insertDomain(t.db, owner.user.id, {
      marketplacePrice: "300.00",
      listedAt: new Date(),
    });

    const res = await intruder.agent.delete(pathTo(marketplacePaths.unlist, { domainId: domain.id }));

    expect(res.status).toBe(404);
    expect((await listingState(domain.id)).price).toBe("300.00");
  });
});
