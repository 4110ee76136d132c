import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSaleTimeouts } from "../../server/jobs/sale-timeouts";
import { saleConfigOf } from "../../server/modules/marketplace/sale-config";
import type { TOfferThread } from "../../shared/api/marketplace/deals";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { pathTo } from "../../shared/path-to";
import { marketplaceOffers, notifications } from "../../shared/schema";
import { sellerAndBuyer } from "../factories/deals";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notesOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "marketplace_offer")));
const runClock = (now: Date) => runSaleTimeouts(t.deps, { config: saleConfigOf(t.deps.config), now });

describe("offers on a listing", () => {
  it("an offer opens for 7 days and tells the seller; a counter replaces it; the buyer accepts the counter", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);

    const made = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "800", message: "Would you take 800?" });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      status: "open",
      amount: "800.00",
      expiresAt: expect.any(String),
    });
    const days = (Date.parse(made.body.expiresAt) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(await notesOf(seller.user.id)).toHaveLength(1);

    const counter = await seller.agent
      .post(pathTo(marketplaceDealPaths.counter, { id: made.body.id }))
      .send({ amount: "900.00" });
    expect(counter.status).toBe(201);
    expect(counter.body).toMatchObject({ status: "open", amount: "900.00" });
    expect(await notesOf(buyer.user.id)).toHaveLength(1);

    const threads = (await buyer.agent.get(`${marketplaceDealPaths.offers}?role=buyer`))
      .body as TOfferThread[];
    expect(threads).toHaveLength(1);
    expect(threads[0].offers.map((o) => [o.madeBy, o.amount, o.status, o.awaitsMe])).toEqual([
      ["buyer", "800.00", "countered", false],
      ["seller", "900.00", "open", true],
    ]);
    expect(threads[0].offers[0].message).toBe("Would you take 800?");
    const sellerView = (await seller.agent.get(`${marketplaceDealPaths.offers}?role=seller`))
      .body as TOfferThread[];
    expect(sellerView[0].offers[1]).toMatchObject({ amount: "900.00", awaitsMe: false });

    // The answered offer can no longer be accepted; the seller cannot accept its own counter.
    expect((await seller.agent.post(pathTo(marketplaceDealPaths.accept, { id: made.body.id }))).status).toBe(
      409,
    );
    expect(
      (await seller.agent.post(pathTo(marketplaceDealPaths.accept, { id: counter.body.id }))).status,
    ).toBe(409);

    const accepted = await buyer.agent.post(pathTo(marketplaceDealPaths.accept, { id: counter.body.id }));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", amount: "900.00" });
    expect(await notesOf(seller.user.id)).toHaveLength(2);
  });

  it("an accepted offer reserves the name for its 7 days: another buyer's buy-now and offers answer 409 with the date, and the offer's buyer still opens its sale", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const made = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "800" });
    const accepted = await seller.agent.post(pathTo(marketplaceDealPaths.accept, { id: made.body.id }));
    expect(accepted.status).toBe(200);
    const until = String(accepted.body.expiresAt).slice(0, 10);

    const other = await signUp(t.app);
    const buyNow = await other.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    expect(buyNow.status).toBe(409);
    expect(buyNow.body.message).toContain(until);
    const offer = await other.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "5000" });
    expect(offer.status).toBe(409);
    expect(offer.body.message).toContain(until);

    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ offerId: made.body.id });
    expect(opened.status).toBe(201);
  });

  it("declines at once an offer below the seller's floor, and takes one at the floor", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const floor = await seller.agent
      .post(marketplaceDealPaths.floor)
      .send({ domainId: domain.id, floor: "500" });
    expect(floor.status).toBe(200);
    expect(floor.body).toEqual({ domainId: domain.id, floor: "500.00" });

    const low = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "499.99" });
    expect(low.status).toBe(201);
    expect(low.body.status).toBe("declined");
    expect(await notesOf(seller.user.id)).toHaveLength(0);

    const fair = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "500" });
    expect(fair.body.status).toBe("open");
  });

  it("lets only the side that made an offer withdraw it, and only the other side answer it", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const made = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "700" });
    expect((await buyer.agent.post(pathTo(marketplaceDealPaths.decline, { id: made.body.id }))).status).toBe(
      409,
    );
    expect(
      (await seller.agent.post(pathTo(marketplaceDealPaths.withdraw, { id: made.body.id }))).status,
    ).toBe(409);
    const withdrawn = await buyer.agent.post(pathTo(marketplaceDealPaths.withdraw, { id: made.body.id }));
    expect(withdrawn.body.status).toBe("withdrawn");

    const again = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "750" });
    const declined = await seller.agent.post(pathTo(marketplaceDealPaths.decline, { id: again.body.id }));
    expect(declined.body.status).toBe("declined");
  });

  it("keeps offers between their two sides: a stranger's answers are not found, and nobody offers on their own listing", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const stranger = await signUp(t.app);
    const made = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "700" });
    for (const verb of ["accept", "decline", "withdraw"]) {
      expect((await stranger.agent.post(`/api/marketplace/offers/${made.body.id}/${verb}`)).status).toBe(404);
    }
    expect(
      (
        await stranger.agent
          .post(pathTo(marketplaceDealPaths.counter, { id: made.body.id }))
          .send({ amount: "1" })
      ).status,
    ).toBe(404);
    expect((await stranger.agent.get(`${marketplaceDealPaths.offers}?role=seller`)).body).toEqual([]);
    expect(
      (await stranger.agent.post(marketplaceDealPaths.floor).send({ domainId: domain.id, floor: "1" }))
        .status,
    ).toBe(404);
    const own = await seller.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "700" });
    expect(own.status).toBe(409);
  });

  it("refuses bad amounts and unlisted domains, changing nothing", async () => {
    const { buyer, domain, seller } = await sellerAndBuyer(t.app, t.db);
    for (const amount of ["-5", "0", "abc", "12.345", 1e12, null]) {
      const res = await buyer.agent.post(marketplaceDealPaths.offers).send({ domainId: domain.id, amount });
      expect(res.status).toBe(400);
    }
    const unknown = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: "00000000-0000-4000-8000-000000000000", amount: "10" });
    expect(unknown.status).toBe(404);
    await seller.agent.delete(pathTo(marketplacePaths.unlist, { domainId: domain.id }));
    expect(
      (await buyer.agent.post(marketplaceDealPaths.offers).send({ domainId: domain.id, amount: "10" }))
        .status,
    ).toBe(404);
    const rows = await t.db.select().from(marketplaceOffers).where(eq(marketplaceOffers.domainId, domain.id));
    expect(rows).toHaveLength(0);
    expect((await buyer.agent.get(`${marketplaceDealPaths.offers}?role=both`)).status).toBe(400);
  });

  it("expires an unanswered offer after 7 days by the marketplace clock, telling both sides", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db);
    const made = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: domain.id, amount: "650" });

    expect((await runClock(new Date(Date.now() + 6 * DAY))).expired).toBe(0);
    const later = await runClock(new Date(Date.now() + 7 * DAY + 60_000));
    expect(later.expired).toBeGreaterThanOrEqual(1);

    const threads = (await seller.agent.get(`${marketplaceDealPaths.offers}?role=seller`))
      .body as TOfferThread[];
    expect(threads[0].offers[0].status).toBe("expired");
    expect((await seller.agent.post(pathTo(marketplaceDealPaths.accept, { id: made.body.id }))).status).toBe(
      409,
    );
    expect((await notesOf(buyer.user.id)).map((n) => n.title)).toContain(`Offer on ${domain.name} expired`);
  });
});
