import { sql } from "drizzle-orm";
import request, { type Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { createDomain } from "../../server/modules/domains/domains.service";
import { PASSKEY_PATHS } from "../../shared/api/auth/passkeys";
import { BILLING_PATHS } from "../../shared/api/billing";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { ENTITLEMENTS_PATH } from "../../shared/api/entitlements";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { PLAN_USAGE_PATH } from "../../shared/api/plans";
import { SUPPORT_PATHS } from "../../shared/api/support";
import { OFFERS, PRO_PLAN } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { planById } from "../../shared/plans";
import { payInSandbox, subscribeInSandbox, sweepAMonthLater } from "../factories/billing";
import { addDomain, csv, insertDomain, uniqueDomainName } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FREE = planById("free");
const PRO = planById("pro");
const FREE_DOMAINS = FREE.limits.domains as number;
const FREE_IMPORTS = FREE.limits.parkingImportsPerDay as number;
const DAY_SECONDS = 86_400;

/** Fills the portfolio to `n` domains, added before now (so that the API's own adds are newer). */
async function fillPortfolio(userId: string, n: number) {
  const past = (i: number) => new Date(Date.now() - (n - i) * 60_000);
  const rows = [];
  for (let i = 0; i < n; i++) rows.push(await insertDomain(t.db, userId, { createdAt: past(i) }));
  return rows;
}

const importDomains = (agent: Agent, names: string[]) =>
  agent
    .post(DOMAIN_PATHS.import)
    .set("Content-Type", "text/csv")
    .send(`name\n${names.join("\n")}\n`);

const importReport = (agent: Agent, domainName: string) =>
  agent
    .post("/api/parking-reports/sedo")
    .set("Content-Type", "text/csv")
    .send(
      csv([
        ["date", "domain", "visitors", "clicks", "revenue"],
        ["2025-03-01", domainName, 10, 1, "1.00"],
      ]),
    );

const planOf = async (agent: Agent) => (await agent.get(PLAN_USAGE_PATH).expect(200)).body;

const sweep = () => sweepAMonthLater(t);

describe("the domain limit", () => {
  it("a free account adds its last domain, and the one after is refused with PLAN_LIMIT naming the plan that lifts it", async () => {
    const me = await signUp(t.app);
    await fillPortfolio(me.user.id, FREE_DOMAINS - 1);
    expect((await planOf(me.agent)).usage.domains).toEqual({
      used: FREE_DOMAINS - 1,
      limit: FREE_DOMAINS,
      upgradeTo: { id: "pro", label: "Pro", limit: PRO.limits.domains },
    });

    await addDomain(me.agent);
    const refused = await me.agent.post(DOMAIN_PATHS.list).send({ name: uniqueDomainName() });

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "PLAN_LIMIT",
      limit: {
        key: "domains",
        limit: FREE_DOMAINS,
        used: FREE_DOMAINS,
        plan: "free",
        upgradeTo: { id: "pro", label: "Pro", limit: PRO.limits.domains },
      },
    });
    expect(refused.body.message).toMatch(`Free plan allows ${FREE_DOMAINS} domains`);
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from domains where user_id = ${me.user.id}`,
    );
    expect(Number(count.rows[0].n)).toBe(FREE_DOMAINS);
  });

  it("a CSV import that fits is taken whole; one that would pass the limit imports nothing", async () => {
    const me = await signUp(t.app);
    await fillPortfolio(me.user.id, FREE_DOMAINS - 3);

    const tooMany = await importDomains(me.agent, [
      uniqueDomainName(),
      uniqueDomainName(),
      uniqueDomainName(),
      uniqueDomainName(),
    ]);
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.code).toBe("PLAN_LIMIT");
    expect(tooMany.body.message).toMatch(/This would add 4/);
    expect((await planOf(me.agent)).usage.domains.used).toBe(FREE_DOMAINS - 3);

    const fits = await importDomains(me.agent, [uniqueDomainName(), uniqueDomainName(), uniqueDomainName()]);
    expect(fits.status).toBe(201);
    expect((await planOf(me.agent)).usage.domains.used).toBe(FREE_DOMAINS);
  });

  it("the API's domain creation asks the same check", async () => {
    const me = await signUp(t.app);
    await fillPortfolio(me.user.id, FREE_DOMAINS);
    await expect(
      createDomain({
        db: t.db,
        userId: me.user.id,
        nameserverPool: t.deps.config.nameserverPool,
        checker: t.deps.ownership,
        input: { name: uniqueDomainName() } as never,
      }),
    ).rejects.toMatchObject({ code: "PLAN_LIMIT" });
  });

  it("concurrent adds at the boundary: exactly one passes", async () => {
    const me = await signUp(t.app);
    await fillPortfolio(me.user.id, FREE_DOMAINS - 1);
    const answers = await Promise.all(
      [1, 2, 3].map(() => me.agent.post(DOMAIN_PATHS.list).send({ name: uniqueDomainName() })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403]);
  });

  it("a paid plan lifts it: Pro adds one more than the free limit", async () => {
    const me = await signUp(t.app);
    await fillPortfolio(me.user.id, FREE_DOMAINS);
    await subscribeInSandbox(me.agent, "pro");
    expect((await me.agent.post(DOMAIN_PATHS.list).send({ name: uniqueDomainName() })).status).toBe(201);
    expect((await planOf(me.agent)).usage.domains).toMatchObject({
      used: FREE_DOMAINS + 1,
      limit: PRO.limits.domains,
    });
  });
});

describe("parking-report imports per day", () => {
  it("the 10th import of the day passes, the 11th is refused, a failed one does not count, and the next day opens again", async () => {
    const me = await signUp(t.app);
    const domain = await addDomain(me.agent);
    await me.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ registrationDate: "2024-01-01" })
      .expect(200);

    const bad = await me.agent
      .post("/api/parking-reports/sedo")
      .set("Content-Type", "text/csv")
      .send("nonsense\n");
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect((await planOf(me.agent)).usage.parkingImportsPerDay.used).toBe(0);

    for (let i = 0; i < FREE_IMPORTS; i++)
      expect((await importReport(me.agent, domain.name)).status).toBe(201);
    expect((await planOf(me.agent)).usage.parkingImportsPerDay).toMatchObject({
      used: FREE_IMPORTS,
      limit: FREE_IMPORTS,
    });

    const refused = await importReport(me.agent, domain.name);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "PLAN_LIMIT",
      limit: { key: "parkingImportsPerDay", limit: FREE_IMPORTS, plan: "free", upgradeTo: { id: "pro" } },
    });

    await moveBillingClock(t.db, DAY_SECONDS);
    expect((await importReport(me.agent, domain.name)).status).toBe(201);
  });
});

describe("a downgrade deletes nothing", () => {
  it("after the plan ends, domains over the free limit stay, read-only, until the portfolio is back under it", async () => {
    const me = await signUp(t.app);
    const { sub } = await subscribeInSandbox(me.agent, "pro");
    const kept = await fillPortfolio(me.user.id, FREE_DOMAINS + 2);
    const [newest, secondNewest] = kept.slice(-2).reverse();
    // On Pro every domain is editable.
    await me.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: newest.id }))
      .send({ renewalCost: "9.99" })
      .expect(200);

    await me.agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id })).expect(200);
    await sweep();

    const plan = await planOf(me.agent);
    expect(plan.plan).toBe("free");
    expect(plan.usage.domains).toMatchObject({ used: FREE_DOMAINS + 2, limit: FREE_DOMAINS });
    expect(plan.readOnlyDomainIds.sort()).toEqual([newest.id, secondNewest.id].sort());
    // Everything is still there and readable.
    expect(
      (await me.agent.get(pathTo(DOMAIN_PATHS.one, { id: newest.id })).expect(200)).body.renewalCost,
    ).toBe("9.99");

    const edit = await me.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: newest.id }))
      .send({ renewalCost: "1.00" });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({
      code: "PLAN_LIMIT",
      limit: { key: "domains", used: FREE_DOMAINS + 2 },
    });
    expect(edit.body.message).toMatch(/read-only.*Remove 2/);
    const listing = await me.agent.post(marketplacePaths.list).send({ domainId: newest.id, price: "100.00" });
    expect(listing.status).toBe(403);
    expect(listing.body.code).toBe("PLAN_LIMIT");
    // The oldest domains stay editable; adding is refused.
    await me.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: kept[0].id }))
      .send({ renewalCost: "2.00" })
      .expect(200);
    expect((await me.agent.post(DOMAIN_PATHS.list).send({ name: uniqueDomainName() })).status).toBe(403);

    // Removing two domains (any two) brings it back under: the rest are editable again.
    await me.agent.delete(pathTo(DOMAIN_PATHS.one, { id: kept[1].id })).expect(204);
    expect((await planOf(me.agent)).readOnlyDomainIds).toEqual([newest.id]);
    await me.agent.delete(pathTo(DOMAIN_PATHS.one, { id: kept[2].id })).expect(204);
    expect((await planOf(me.agent)).readOnlyDomainIds).toEqual([]);
    await me.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: newest.id }))
      .send({ renewalCost: "1.00" })
      .expect(200);
  });
});

describe("what a plan includes", () => {
  it("Business: priority support's target, passkeys and device management without an add-on, and API calls", async () => {
    const me = await signUp(t.app);
    expect((await me.agent.get(SUPPORT_PATHS.target).expect(200)).body).toMatchObject({
      tier: "standard",
      hours: 72,
    });
    expect((await me.agent.post(PASSKEY_PATHS.registerOptions).send({})).status).toBe(403);

    await subscribeInSandbox(me.agent, "business");

    expect((await me.agent.get(SUPPORT_PATHS.target).expect(200)).body).toMatchObject({
      tier: "priority",
      hours: 24,
    });
    expect((await me.agent.post(PASSKEY_PATHS.registerOptions).send({})).status).toBe(200);
    const features = (await me.agent.get(ENTITLEMENTS_PATH).expect(200)).body.map(
      (e: { feature: string }) => e.feature,
    );
    expect(features).toEqual(
      expect.arrayContaining([
        "account-plan:business",
        "support:priority",
        "security:2fa-premium",
        "security:biometric",
        "security:device-management",
        "api-access",
      ]),
    );
    expect(features).not.toContain("security:incident-response");
    const api = (await me.agent.get(ENTITLEMENTS_PATH).expect(200)).body.find(
      (e: { feature: string }) => e.feature === "api-access",
    );
    expect(api.limit).toBe(10_000);
  });

  it("the dashboard's $49 Pro card is the Pro plan with priority support; Settings' $29 Pro has standard support", async () => {
    const card = await signUp(t.app);
    const order = await card.agent.post(OFFERS.proUpgrade.path).send({ planId: PRO_PLAN.planId }).expect(201);
    await payInSandbox(card.agent, order.body.orderId);
    expect((await planOf(card.agent)).plan).toBe("pro");
    expect((await card.agent.get(SUPPORT_PATHS.target).expect(200)).body.tier).toBe("priority");

    const settings = await signUp(t.app);
    await subscribeInSandbox(settings.agent, "pro");
    expect((await planOf(settings.agent)).plan).toBe("pro");
    expect((await settings.agent.get(SUPPORT_PATHS.target).expect(200)).body.tier).toBe("standard");
    // Both are the same Pro: the same limits.
    expect((await planOf(card.agent)).usage).toEqual((await planOf(settings.agent)).usage);
  });
});

it("GET /api/settings/plan is 401 signed out", async () => {
  expect((await request(t.app).get(PLAN_USAGE_PATH)).status).toBe(401);
});
