import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PARKED_CLICKS_PER_NETWORK_PER_HOUR } from "../../server/deps";
import { evaluateRunningExperiments } from "../../server/modules/experiments/experiments.service";
import { assignVariant, VISITOR_COOKIE } from "../../server/modules/parked-pages/assign-variant";
import {
  NETWORK_CONVERSIONS_PER_TEST,
  NETWORK_VISITORS_PER_TEST,
} from "../../server/modules/parked-pages/track-visitors";
import type { TExperiment } from "../../shared/api/experiments";
import { EXPERIMENT_PATHS } from "../../shared/api/experiments";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import type { TPageBody } from "../../shared/api/parked-pages";
import { PAGE_PATHS } from "../../shared/api/parked-pages";
import { pathTo } from "../../shared/path-to";
import { addVerifiedDomain } from "../factories/domains";
import { buyMarketingTools } from "../factories/marketing-tools";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  // Visitors come from many networks, as the proxy in front says (X-Forwarded-For from loopback).
  t = await createTestApp({ env: { TRUST_PROXY: "loopback" } });
});
afterAll(() => t.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function owner(tools = ["landing-page-builder", "split-testing"]) {
  const account = await signUp(t.app);
  if (tools.length) await buyMarketingTools(account.agent, tools);
  const domain = await addVerifiedDomain(account.agent, t.db);
  return { ...account, domain };
}

const page = (headline: string): TPageBody => ({
  template: "standard",
  blocks: [
    { type: "headline", headline, text: "" },
    { type: "links", title: "Read more", links: [{ label: "Guide", url: "https://example.org/guide" }] },
  ],
});

let networks = 0;
/** An address in a network (/24) no visitor of this file came from before. */
const freshAddress = () => {
  networks += 1;
  return `10.${networks >> 8}.${networks & 255}.7`;
};

/** The page's script telling the server it was seen: what counts a visitor. */
const seen = (host: string, cookie: string, address: string, userAgent = BROWSER) =>
  request(t.app)
    .post("/__pp/seen")
    .set({
      Host: host,
      Origin: `http://${host}`,
      "User-Agent": userAgent,
      Cookie: cookie,
      "X-Forwarded-For": address,
    });

/** A new visitor from a network of its own (unless given one): answers their cookie and the headline they were shown. */
async function newVisitor(host: string, userAgent = BROWSER, address = freshAddress()) {
  const res = await request(t.app)
    .get("/")
    .set({ Host: host, Accept: "text/html", "User-Agent": userAgent, "X-Forwarded-For": address });
  const cookie = ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith(VISITOR_COOKIE));
  const visitor = {
    cookie: cookie?.split(";")[0] ?? "",
    headline: /<h2>([^<]*)<\/h2>/.exec(res.text)?.[1],
    address,
  };
  if (visitor.cookie) expect((await seen(host, visitor.cookie, address, userAgent)).status).toBe(204);
  return visitor;
}

const revisit = (host: string, cookie: string, path = "/", address = "10.255.255.7") =>
  request(t.app).get(path).set({
    Host: host,
    Accept: "text/html",
    "User-Agent": BROWSER,
    Cookie: cookie,
    "X-Forwarded-For": address,
  });

async function exposures(experimentId: string) {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from experiment_visitors where experiment_id = ${experimentId}`,
  );
  return rows[0].n;
}

describe("starting a split test", () => {
  it("needs the Split Testing tool (403), two to four variants, and one running test per domain (409)", async () => {
    const without = await owner(["landing-page-builder"]);
    const body = (domainId: string, n = 2) => ({
      domainId,
      goal: "outbound-click",
      variants: Array.from({ length: n }, (_, i) => ({ name: `V${i}`, page: page(`Page ${i}`), weight: 1 })),
    });
    expect((await without.agent.post(EXPERIMENT_PATHS.list).send(body(without.domain.id))).status).toBe(403);

    const { agent, domain } = await owner();
    expect((await agent.post(EXPERIMENT_PATHS.list).send(body(domain.id, 1))).status).toBe(400);
    expect((await agent.post(EXPERIMENT_PATHS.list).send(body(domain.id, 5))).status).toBe(400);
    const created = await agent.post(EXPERIMENT_PATHS.list).send(body(domain.id));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "running",
      goal: "outbound-click",
      variants: [
        { name: "V0", visitors: 0, conversions: 0, rate: 0 },
        { name: "V1", visitors: 0, conversions: 0, rate: 0 },
      ],
      srm: { pValue: 1, ok: true },
    });
    expect((await agent.post(EXPERIMENT_PATHS.list).send(body(domain.id))).status).toBe(409);

    const stranger = await owner();
    expect((await stranger.agent.get(pathTo(EXPERIMENT_PATHS.one, { id: created.body.id }))).status).toBe(
      404,
    );
    expect((await stranger.agent.post(EXPERIMENT_PATHS.list).send(body(domain.id))).status).toBe(404);
  });
});

describe("assignment", () => {
  it("hashes the visitor id: the same visitor always gets the same variant, and the split follows the weights", () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) {
      const variant = assignVariant("exp-1", `visitor-${i}`, [1, 2, 1]);
      expect(assignVariant("exp-1", `visitor-${i}`, [1, 2, 1])).toBe(variant);
      counts[variant]++;
    }
    expect(counts[0] / 30_000).toBeCloseTo(0.25, 1);
    expect(counts[1] / 30_000).toBeCloseTo(0.5, 1);
  });

  it("a visitor keeps their variant on every visit; each visitor is counted once and bots not at all", async () => {
    const { agent, domain } = await owner();
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "outbound-click",
      variants: [
        { name: "Calm", page: page("Calm words"), weight: 1 },
        { name: "Bold", page: page("Bold words"), weight: 1 },
      ],
    });
    const id = created.body.id as string;
    const visitors = [];
    for (let i = 0; i < 12; i++) visitors.push(await newVisitor(domain.name));
    for (let i = 0; i < 5; i++) await newVisitor(domain.name, BOT);

    for (const visitor of visitors) {
      expect(["Calm words", "Bold words"]).toContain(visitor.headline);
      for (let again = 0; again < 3; again++) {
        const res = await revisit(domain.name, visitor.cookie);
        expect(res.text).toContain(`<h2>${visitor.headline}</h2>`);
      }
    }
    expect(await exposures(id)).toBe(12);
    const result = (await agent.get(pathTo(EXPERIMENT_PATHS.one, { id }))).body as TExperiment;
    expect(result.variants.reduce((s, v) => s + v.visitors, 0)).toBe(12);
    expect(result.variants[0].visitors).toBe(visitors.filter((v) => v.headline === "Calm words").length);
  });
  it("a visitor id made up outside is no visitor: it is replaced by one the server signs, and never counted", async () => {
    const { agent, domain } = await owner();
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "outbound-click",
      variants: [
        { name: "A", page: page("A words"), weight: 1 },
        { name: "B", page: page("B words"), weight: 1 },
      ],
    });
    const id = created.body.id as string;
    const genuine = await newVisitor(domain.name);
    const [, issuedId] = /=([^.]+)\./.exec(genuine.cookie) ?? [];
    const forgeries = [
      `${VISITOR_COOKIE}=made-up-visitor-id-0001`,
      `${VISITOR_COOKIE}=${issuedId}.AAAAAAAAAAAAAAAAAAAAAA`,
      `${VISITOR_COOKIE}=${issuedId}`,
    ];

    for (const forged of forgeries) {
      const res = await revisit(domain.name, forged);
      const fresh = ([] as string[])
        .concat(res.headers["set-cookie"] ?? [])
        .find((c) => c.startsWith(VISITOR_COOKIE));
      expect(fresh, forged).toBeDefined();
      expect(fresh?.split(";")[0]).not.toBe(forged);
      // Its beacon, made with the forged id, counts nobody.
      expect((await seen(domain.name, forged, freshAddress())).status).toBe(204);
    }
    // An id issued on another domain is no visitor here either.
    const other = await owner();
    await other.agent.post(EXPERIMENT_PATHS.list).send({
      domainId: other.domain.id,
      goal: "outbound-click",
      variants: [
        { name: "A", page: page("A words"), weight: 1 },
        { name: "B", page: page("B words"), weight: 1 },
      ],
    });
    const foreign = await newVisitor(other.domain.name);
    expect(foreign.cookie).not.toBe("");
    expect((await seen(domain.name, foreign.cookie, freshAddress())).status).toBe(204);
    expect(await exposures(id)).toBe(1);
    const { rows } = await t.db.execute<{ visitor_id: string }>(
      sql`select visitor_id from experiment_visitors where experiment_id = ${id}`,
    );
    expect(rows.map((r) => r.visitor_id)).toEqual([issuedId]);
    // A forged id is shown the page itself, so its click converts nobody; the genuine visitor's does.
    await revisit(domain.name, `${VISITOR_COOKIE}=${issuedId}.AAAAAAAAAAAAAAAAAAAAAA`, "/__pp/go?b=1&l=0");
    expect((await revisit(domain.name, genuine.cookie, "/__pp/go?b=1&l=0")).status).toBe(302);
    await vi.waitFor(async () => {
      const result = (await agent.get(pathTo(EXPERIMENT_PATHS.one, { id }))).body as TExperiment;
      expect(result.variants.reduce((s, v) => s + v.conversions, 0)).toBe(1);
    });
  });
});

describe("results and the stopping rule", () => {
  it("counts conversions of the goal, and stops with the winner as the page once the rule is met", async () => {
    const { agent, domain } = await owner();
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "outbound-click",
      minVisitors: 50,
      threshold: 0.95,
      variants: [
        { name: "Plain", page: page("Plain page"), weight: 1 },
        { name: "Clear", page: page("Clear page"), weight: 1 },
      ],
    });
    const id = created.body.id as string;
    // Visitors of "Clear" follow the link one time in two; visitors of "Plain" one time in ten.
    let counted = 0;
    for (let i = 0; i < 160; i++) {
      const visitor = await newVisitor(domain.name);
      const clicks = visitor.headline === "Clear page" ? i % 2 === 0 : i % 10 === 0;
      if (clicks)
        expect((await revisit(domain.name, visitor.cookie, "/__pp/go?b=1&l=0", visitor.address)).status).toBe(
          302,
        );
      counted++;
    }
    expect(await exposures(id)).toBe(counted);
    // Clicks are recorded after the answer too.
    await vi.waitFor(async () => {
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*) filter (where converted)::int as n from experiment_visitors where experiment_id = ${id}`,
      );
      expect(rows[0].n).toBeGreaterThan(20);
    });

    const result = (await agent.get(pathTo(EXPERIMENT_PATHS.one, { id }))).body as TExperiment;

    expect(result.status).toBe("stopped");
    expect(result.winner).toBe("Clear");
    const [plain, clear] = result.variants;
    expect(clear.rate).toBeGreaterThan(plain.rate);
    expect(clear.chanceToBeBest).toBeGreaterThan(0.95);
    expect(clear.interval[0]).toBeLessThan(clear.rate);
    expect(clear.interval[1]).toBeGreaterThan(clear.rate);
    expect(result.srm.ok).toBe(true);
    const served = await request(t.app)
      .get("/")
      .set({ Host: domain.name, Accept: "text/html", "User-Agent": BROWSER });
    expect(served.text).toContain("Clear page");
    expect(served.headers["set-cookie"]).toBeUndefined();
    expect((await agent.get(pathTo(PAGE_PATHS.page, { id: domain.id }))).body.blocks[0].headline).toBe(
      "Clear page",
    );
  }, 90_000);

  it("warns when the split is broken (sample-ratio mismatch) and declares no winner then", async () => {
    const { agent, domain } = await owner();
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "lead",
      minVisitors: 50,
      variants: [
        { name: "A", page: page("A"), weight: 1 },
        { name: "B", page: page("B"), weight: 1 },
      ],
    });
    const id = created.body.id as string;
    await t.db.execute(sql`
      insert into experiment_visitors (experiment_id, visitor_id, variant, converted)
      select ${id}, 'v' || g, case when g <= 600 then 0 else 1 end, g > 600 and g % 3 = 0
      from generate_series(1, 1000) g
    `);

    const result = (await agent.get(pathTo(EXPERIMENT_PATHS.one, { id }))).body as TExperiment;

    expect(result.srm.ok).toBe(false);
    expect(result.srm.pValue).toBeLessThan(0.001);
    expect(result.status).toBe("running");
    expect(result.variants.map((v) => v.visitors)).toEqual([600, 400]);
  });

  it("a test stopped by hand makes the named variant the page", async () => {
    const { agent, domain } = await owner();
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "for-sale-click",
      variants: [
        { name: "One", page: page("Page one"), weight: 3 },
        { name: "Two", page: page("Page two"), weight: 1 },
      ],
    });

    const wrong = await agent
      .post(pathTo(EXPERIMENT_PATHS.stop, { id: created.body.id }))
      .send({ winner: "Three" });
    const stopped = await agent
      .post(pathTo(EXPERIMENT_PATHS.stop, { id: created.body.id }))
      .send({ winner: "Two" });

    expect(wrong.status).toBe(422);
    expect(stopped.body).toMatchObject({ status: "stopped", winner: "Two" });
    const served = await request(t.app)
      .get("/")
      .set({ Host: domain.name, Accept: "text/html", "User-Agent": BROWSER });
    expect(served.text).toContain("Page two");
    expect((await agent.post(pathTo(EXPERIMENT_PATHS.stop, { id: created.body.id })).send({})).status).toBe(
      409,
    );
  });

  it("a lead sent from the parked page converts its visitor when the goal is a lead", async () => {
    const { agent, domain } = await owner();
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "lead",
      variants: [
        { name: "A", page: { template: "minimal", blocks: [{ type: "leadForm", heading: "A" }] }, weight: 1 },
        { name: "B", page: { template: "premium", blocks: [{ type: "leadForm", heading: "B" }] }, weight: 1 },
      ],
    });
    const visitor = await newVisitor(domain.name);
    const other = await newVisitor(domain.name);
    expect(await exposures(created.body.id)).toBe(2);

    const lead = await request(t.app)
      .post(LEADS_PATH)
      .set({
        Host: domain.name,
        "User-Agent": BROWSER,
        Cookie: visitor.cookie,
        "X-Forwarded-For": visitor.address,
      })
      .send({
        email: `visitor-${Date.now()}@example.com`,
        zipCode: "10001",
        source: "car-insurance-landing",
        value: 75,
      });

    expect(lead.status).toBe(201);
    const result = (await agent.get(pathTo(EXPERIMENT_PATHS.one, { id: created.body.id })))
      .body as TExperiment;
    expect(result.variants.reduce((s, v) => s + v.conversions, 0)).toBe(1);
    expect(other.cookie).not.toBe(visitor.cookie);
  });

  it("the hourly check stops a test that met its rule while nobody looked, and its winner becomes the page", async () => {
    const { agent, domain } = await owner();
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "lead",
      minVisitors: 50,
      threshold: 0.95,
      variants: [
        { name: "Old", page: page("Old words"), weight: 1 },
        { name: "New", page: page("New words"), weight: 1 },
      ],
    });
    const id = created.body.id as string;
    await t.db.execute(sql`
      insert into experiment_visitors (experiment_id, visitor_id, variant, converted)
      select ${id}, 'v' || g, g % 2, (g % 2 = 1 and g % 3 = 0) or (g % 2 = 0 and g % 20 = 0)
      from generate_series(1, 400) g
    `);

    const result = await evaluateRunningExperiments(t.db);

    expect(result.stopped).toBeGreaterThanOrEqual(1);
    const test = (await agent.get(pathTo(EXPERIMENT_PATHS.one, { id }))).body as TExperiment;
    expect(test).toMatchObject({ status: "stopped", winner: "New" });
    expect((await agent.get(pathTo(PAGE_PATHS.page, { id: domain.id }))).body.blocks[0].headline).toBe(
      "New words",
    );
  });
});

describe("the attack: one network steers a test with cookieless views and clicks", () => {
  it("counts 150 views and 60 clicks from one /24 (the fourth round made 1,100 and 534) as ten visitors and one conversion, says the traffic is concentrated, and picks no winner", async () => {
    const { agent, domain } = await owner();
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "outbound-click",
      minVisitors: 50,
      threshold: 0.95,
      variants: [
        { name: "A", page: page("A words"), weight: 1 },
        { name: "B", page: page("B words"), weight: 1 },
      ],
    });
    const id = created.body.id as string;
    // Every view drops its cookie and so gets a fresh id; clicks come only from views of B.
    let clicks = 0;
    let views = 0;
    const visit = async (n: number) => {
      const visitor = await newVisitor(domain.name, BROWSER, `203.0.113.${(n % 250) + 1}`);
      views++;
      if (visitor.headline === "B words" && clicks < 60) {
        clicks++;
        await revisit(domain.name, visitor.cookie, "/__pp/go?b=1&l=0", visitor.address);
      }
    };
    for (let n = 0; n < 150; n += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => visit(n + k)));
    // Bots and headless browsers by their own words count nothing either.
    await newVisitor(domain.name, "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36");
    const https = await request(t.app)
      .post("/__pp/seen")
      .set({
        Host: domain.name,
        Origin: `https://${domain.name}`,
        "X-Forwarded-Proto": "https",
        "User-Agent": BROWSER,
      });
    expect(https.status).toBe(204);

    await vi.waitFor(async () => {
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select clicks as n from domain_traffic where domain_id = ${domain.id}`,
      );
      expect(rows[0]?.n ?? 0).toBe(PARKED_CLICKS_PER_NETWORK_PER_HOUR);
    });
    const result = (await agent.get(pathTo(EXPERIMENT_PATHS.one, { id }))).body as TExperiment;
    console.info(
      `split-test steering: ${views} views and ${clicks} clicks from one /24 counted as ${result.variants.reduce((s, v) => s + v.visitors, 0)} visitors and ${result.variants.reduce((s, v) => s + v.conversions, 0)} conversion(s)`,
    );
    expect(result.variants.reduce((s, v) => s + v.visitors, 0)).toBe(NETWORK_VISITORS_PER_TEST);
    expect(result.variants.reduce((s, v) => s + v.conversions, 0)).toBeLessThanOrEqual(
      NETWORK_CONVERSIONS_PER_TEST,
    );
    expect(result.traffic).toMatchObject({ networks: 1, topVisitorShare: 1, concentrated: true });
    expect(result.status).toBe("running");
    expect(result.winner).toBeNull();
  }, 90_000);
});
