import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditHeldFunds, releaseHeldFunds } from "../../server/modules/ledger/held-funds";
import { reverseHeldFunds } from "../../server/modules/ledger/reverse-credit";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { addDomain, csv, markVerified } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function balanceOf(agent: Agent) {
  const res = await agent.get(PAYMENT_PATHS.balance);
  expect(res.status).toBe(200);
  return res.body as {
    availableBalance: string;
    pendingBalance: string;
    paidOut: string;
    inReview: string;
    nextReleases: { date: string; amount: string }[];
  };
}

const payout = (agent: Agent, amount: number) =>
  agent.post(PAYMENT_PATHS.payout).send({ amount, paypalEmail: "owner@wallet.test" });

function credit(userId: string, amount: string, holdDays: number, sourceKey = `test:${randomUUID()}`) {
  return creditHeldFunds(t.db, {
    userId,
    kind: "lead",
    revenueType: "lead",
    amount,
    holdDays,
    description: "Insurance lead",
    sourceKey,
  });
}

describe("held funds", () => {
  it("are pending with their release date, available after the hold, and can then be withdrawn", async () => {
    const { agent, user } = await signUp(t.app);
    const key = `test:${randomUUID()}`;

    expect(await credit(user.id, "75.00", 14, key)).toBe(true);
    expect(await credit(user.id, "75.00", 14, key)).toBe(false);

    expect(await balanceOf(agent)).toEqual({
      availableBalance: "0.00",
      pendingBalance: "75.00",
      paidOut: "0.00",
      inReview: "0.00",
      nextReleases: [{ date: utcDay(Date.now() + 14 * DAY_MS), amount: "75.00" }],
      awaitingBuyerPayment: "0.00",
      currency: "USD",
    });
    const early = await payout(agent, 50);
    expect(early.status).toBe(422);
    expect(early.body.message).toBe("Insufficient balance: $0.00 available");

    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 13 * DAY_MS) });
    expect((await balanceOf(agent)).pendingBalance).toBe("75.00");
    const { released } = await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 15 * DAY_MS) });
    expect(released).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(agent)).toMatchObject({
      availableBalance: "75.00",
      pendingBalance: "0.00",
      nextReleases: [],
    });

    const paid = await payout(agent, 60);
    expect(paid.status).toBe(201);
    // A first payout waits for review: reserved (in review), not yet paid out.
    expect(await balanceOf(agent)).toMatchObject({
      availableBalance: "15.00",
      pendingBalance: "0.00",
      paidOut: "0.00",
      inReview: "60.00",
    });
  });

  it("with a hold of 0 are available at once", async () => {
    const { agent, user } = await signUp(t.app);
    await credit(user.id, "12.50", 0);
    expect(await balanceOf(agent)).toMatchObject({
      availableBalance: "12.50",
      pendingBalance: "0.00",
      nextReleases: [],
    });
  });

  it("reversed while pending leave nothing to release, and the dashboard's revenue nets to zero", async () => {
    const { agent, user } = await signUp(t.app);
    const key = `test:${randomUUID()}`;
    await credit(user.id, "40.00", 14, key);

    const returned = { sourceKey: key, cause: "lead-returned", reason: "lead returned" };
    expect(await reverseHeldFunds(t.db, returned)).toBe(4000);
    expect(await reverseHeldFunds(t.db, returned)).toBe(0);

    expect(await balanceOf(agent)).toMatchObject({
      availableBalance: "0.00",
      pendingBalance: "0.00",
      nextReleases: [],
    });
    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 15 * DAY_MS) });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "0.00" });
    const { rows } = await t.db.execute<{ net: string }>(
      sql`select sum(amount)::text as net from revenue_events where user_id = ${user.id}`,
    );
    expect(rows[0].net).toBe("0.00");
  });

  it("reversed after a payout leave a negative balance that refuses payouts until later credits repay it", async () => {
    const { agent, user } = await signUp(t.app);
    const key = `test:${randomUUID()}`;
    await credit(user.id, "100.00", 0, key);
    expect((await payout(agent, 100)).status).toBe(201);

    await reverseHeldFunds(t.db, { sourceKey: key, cause: "re_1", reason: "refund" });

    expect(await balanceOf(agent)).toMatchObject({
      availableBalance: "-100.00",
      pendingBalance: "0.00",
      paidOut: "0.00",
      inReview: "100.00",
    });
    const refused = await payout(agent, 50);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Your available balance is -\$100\.00: a refund or chargeback/);

    await credit(user.id, "150.00", 0);
    expect((await balanceOf(agent)).availableBalance).toBe("50.00");
    expect((await payout(agent, 50)).status).toBe(201);
    // Neither payout has completed (a first payout waits for review): both are in review.
    expect(await balanceOf(agent)).toMatchObject({
      availableBalance: "0.00",
      paidOut: "0.00",
      inReview: "150.00",
    });
  });
});

describe("reported revenue", () => {
  it("from a parking report and a sale recorded by the owner is on the dashboard, never in the balance", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    await markVerified(t.db, domain.id, "parked");
    const today = utcDay(Date.now());
    const report = await agent
      .post("/api/parking-reports/parkingcrew")
      .set("Content-Type", "text/csv")
      .send(
        csv([
          ["date", "domain", "visitors", "clicks", "revenue"],
          [today, domain.name, 10, 1, "99999.99"],
        ]),
      );
    expect(report.status).toBe(201);
    await t.db.execute(
      sql`update domains set marketplace_price = 1, listed_at = now() where id = ${domain.id}`,
    );
    const sold = await agent.post(marketplacePaths.sold).send({ domainId: domain.id, price: "10000000" });
    expect(sold.status).toBe(200);

    expect(await balanceOf(agent)).toMatchObject({
      availableBalance: "0.00",
      pendingBalance: "0.00",
      paidOut: "0.00",
    });
    expect((await payout(agent, 50)).status).toBe(422);
    const dashboard = await agent.get(REVENUE_PATHS.dashboard);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.revenue).toMatchObject({ parking: "99999.99", marketplace: "10000000.00" });
  });
});
