import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { accountEvents, balances, domains, revenueEvents } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balanceOf = async (userId: string) => {
  const [row] = await t.db
    .select({ available: balances.available })
    .from(balances)
    .where(eq(balances.userId, userId));
  return row?.available ?? "0.00";
};
const saleEvents = (userId: string) =>
  t.db
    .select()
    .from(revenueEvents)
    .where(and(eq(revenueEvents.userId, userId), eq(revenueEvents.type, "marketplace")));
const domainRow = async (id: string) => (await t.db.select().from(domains).where(eq(domains.id, id)))[0];

describe("POST /api/marketplace/sold", () => {
  it("records the sale price once as reported revenue (never in the balance), marks the domain sold, unlists it and notes it in the account's activity", async () => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id, {
      marketplacePrice: "5000.00",
      listedAt: new Date(),
    });
    const before = await balanceOf(seller.user.id);

    const res = await seller.agent
      .post(marketplacePaths.sold)
      .send({ domainId: domain.id, price: "4750.25" });
    const again = await seller.agent
      .post(marketplacePaths.sold)
      .send({ domainId: domain.id, price: "4750.25" });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: domain.id, soldPrice: "4750.25" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been sold/);
    expect(before).toBe("0.00");
    expect(await balanceOf(seller.user.id)).toBe("0.00");
    const events = await saleEvents(seller.user.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      amount: "4750.25",
      domainId: domain.id,
      sourceKey: `sale:${domain.id}`,
    });
    const row = await domainRow(domain.id);
    expect(row).toMatchObject({ soldPrice: "4750.25", marketplacePrice: null, listedAt: null });
    expect(row.soldAt).toBeInstanceOf(Date);
    const activity = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, seller.user.id));
    expect(activity.map((a) => a.kind)).toContain("domain_sold");
    expect(activity.find((a) => a.kind === "domain_sold")?.description).toBe(
      `Sold ${domain.name} for $4,750.25`,
    );
    const market = await seller.agent.get(marketplacePaths.domains);
    expect(market.body.map((l: { id: string }) => l.id)).not.toContain(domain.id);
  });

  it("records once when the same sale is reported twice at the same moment", async () => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id, {
      marketplacePrice: "800.00",
      listedAt: new Date(),
    });

    const answers = await Promise.all([
      seller.agent.post(marketplacePaths.sold).send({ domainId: domain.id, price: "800" }),
      seller.agent.post(marketplacePaths.sold).send({ domainId: domain.id, price: "800" }),
    ]);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(seller.user.id)).toBe("0.00");
    expect(await saleEvents(seller.user.id)).toHaveLength(1);
  });

  it("refuses a sold domain a new listing with 409", async () => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id, {
      marketplacePrice: "100.00",
      listedAt: new Date(),
    });
    await seller.agent.post(marketplacePaths.sold).send({ domainId: domain.id, price: "100" }).expect(200);

    const res = await seller.agent.post(marketplacePaths.list).send({ domainId: domain.id, price: "200" });

    expect(res.status).toBe(409);
    expect((await domainRow(domain.id)).marketplacePrice).toBeNull();
  });

  it("answers 409 for a domain that is not listed and credits nothing", async () => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id);

    const res = await seller.agent.post(marketplacePaths.sold).send({ domainId: domain.id, price: "100" });

    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not listed/);
    expect(await saleEvents(seller.user.id)).toEqual([]);
    expect((await domainRow(domain.id)).soldAt).toBeNull();
  });

  it("answers 404 for another user's listing and changes nothing", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const domain = await insertDomain(t.db, owner.user.id, {
      marketplacePrice: "100.00",
      listedAt: new Date(),
    });

    const res = await intruder.agent.post(marketplacePaths.sold).send({ domainId: domain.id, price: "100" });

    expect(res.status).toBe(404);
    expect(await saleEvents(intruder.user.id)).toEqual([]);
    expect(await saleEvents(owner.user.id)).toEqual([]);
    expect(await domainRow(domain.id)).toMatchObject({ soldAt: null, marketplacePrice: "100.00" });
  });

  it("refuses a bad sale price with 400 and changes nothing", async () => {
    const seller = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id, {
      marketplacePrice: "100.00",
      listedAt: new Date(),
    });

    const res = await seller.agent.post(marketplacePaths.sold).send({ domainId: domain.id, price: "-1" });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid input/);
    expect(await balanceOf(seller.user.id)).toBe("0.00");
    expect((await domainRow(domain.id)).soldAt).toBeNull();
  });
});
