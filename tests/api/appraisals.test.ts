import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimit } from "../../server/http/rate-limit";
import type { JobQueue } from "../../server/jobs/job-queue";
import { APPRAISAL_PATHS, ZAppraisalFigures, ZEstimate } from "../../shared/api/appraisals";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { REPORTS_PATHS, type TReport, ZReport } from "../../shared/api/reports";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { reports, workOrders } from "../../shared/schema";
import { payInSandbox } from "../factories/billing";
import { insertDomain } from "../factories/domains";
import { credit } from "../factories/revenue";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { eventually } from "../setup/eventually";
import { startTestJobQueue } from "../setup/job-queue";
import { createTestApp, type TestApp } from "../setup/test-app";

const ESTIMATES_ALLOWED = 5;
let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp({
    customize: (deps) => {
      deps.limits.appraisalEstimates = createRateLimit(deps.database.pool, {
        keyPrefix: "appraisal_estimate_test",
        points: ESTIMATES_ALLOWED,
        windowSeconds: 3600,
        message: () => "Too many estimates. Please try again in 1 hour.",
      });
    },
  });
  queue = await startTestJobQueue(t, { reports: { appUrl: "http://app.test" } });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const PRICES = { basic: "29.99", professional: "99.99", premium: "199.99", enterprise: "499.99" } as const;
type Tier = keyof typeof PRICES;

/** An owner buys an appraisal of `tier` for a domain of theirs and pays in the sandbox. */
async function buyAppraisal(tier: Tier) {
  const owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id, {
    name: `sunnyhotels${randomBytes(3).toString("hex")}.com`,
  });
  const order = await owner.agent
    .post(OFFERS.appraisal.path)
    .send({ type: tier, price: PRICES[tier], domainId: domain.id })
    .expect(201);
  const orderId: string = order.body.orderId;
  await payInSandbox(owner.agent, orderId);
  return { owner, domain, orderId };
}

/** The owner's report once it is ready (the job queue builds it). */
async function readyReport(
  agent: ReturnType<typeof request.agent>,
  predicate: (r: TReport) => boolean = () => true,
) {
  const report = await eventually(
    async () => {
      const list = (await agent.get(REPORTS_PATHS.list).expect(200)).body as { id: string }[];
      if (list.length === 0) return null;
      return ZReport.parse((await agent.get(pathTo(REPORTS_PATHS.one, { id: list[0].id })).expect(200)).body);
    },
    (r) => r?.status === "ready" && predicate(r),
  );
  if (report?.status !== "ready") throw new Error(`report not ready: ${JSON.stringify(report)}`);
  return report;
}

const headings = (r: TReport) => r.content?.sections.map((s) => s.heading) ?? [];

describe("paid appraisals deliver a report at once", () => {
  const EXPECTED: Record<Tier, { has: string[]; hasNot: string[] }> = {
    basic: {
      has: ["Value", "Why", "Name features", "How accurate this engine has been"],
      hasNot: ["Comparable sales and listings", "Earnings multiple", "Keywords", "Analyst review"],
    },
    professional: {
      has: ["Comparable sales and listings", "Earnings multiple"],
      hasNot: ["Keywords", "Market trend", "Analyst review"],
    },
    premium: {
      has: ["Comparable sales and listings", "Keywords", "Market trend"],
      hasNot: ["Analyst review"],
    },
    enterprise: { has: ["Keywords", "Market trend", "Analyst review"], hasNot: [] },
  };

  for (const tier of Object.keys(PRICES) as Tier[]) {
    it(`${tier === "enterprise" ? "an" : "a"} ${tier} appraisal paid in the sandbox is a ready report within seconds, with its tier's sections, and is mailed`, async () => {
      const { owner, domain, orderId } = await buyAppraisal(tier);
      const report = await readyReport(owner.agent);
      expect(report).toMatchObject({ kind: "appraisal", domainId: domain.id, orderId });
      for (const heading of EXPECTED[tier].has) expect(headings(report)).toContain(heading);
      for (const heading of EXPECTED[tier].hasNot) expect(headings(report)).not.toContain(heading);
      const figures = ZAppraisalFigures.parse(report.content);
      expect(figures.tier).toBe(tier);
      expect(Number(figures.range.low)).toBeLessThanOrEqual(Number(figures.value));
      expect(Number(figures.range.high)).toBeGreaterThanOrEqual(Number(figures.value));
      expect(figures.reasons.length).toBeGreaterThan(0);
      expect(report.content?.summary).toContain(domain.name);
      const pdf = await owner.agent.get(pathTo(REPORTS_PATHS.pdf, { id: report.id })).expect(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      const mails = await t.db.execute<{ subject: string }>(
        sql`select subject from mail_outbox where "to" = ${owner.input.email}`,
      );
      expect(mails.rows.map((m) => m.subject)).toContain(`Your report is ready: ${report.title}`);
      const services = await owner.agent.get(pathTo(DOMAIN_PATHS.services, { id: domain.id })).expect(200);
      expect(services.body[0].reportId).toBe(report.id);
      // Only the enterprise tier is people's work: the others are computed.
      const queued = await t.db.select().from(workOrders).where(eq(workOrders.orderId, orderId));
      expect(queued).toHaveLength(tier === "enterprise" ? 1 : 0);
    });
  }

  it("a professional appraisal of a domain that earns counts its earnings multiple", async () => {
    const owner = await signUp(t.app);
    const domain = await insertDomain(t.db, owner.user.id, {
      name: `bluewidget${randomBytes(3).toString("hex")}.com`,
    });
    const months = [1, 2, 3].map((back) => {
      const d = new Date();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() - back);
      return d.toISOString().slice(0, 10);
    });
    await credit(
      t.db,
      owner.user.id,
      months.map((m) => ({
        type: "parking" as const,
        amount: "500.00",
        at: `${m}T12:00:00Z`,
        domainId: domain.id,
      })),
    );
    const order = await owner.agent
      .post(OFFERS.appraisal.path)
      .send({ type: "professional", price: PRICES.professional, domainId: domain.id })
      .expect(201);
    await payInSandbox(owner.agent, order.body.orderId);
    const report = await readyReport(owner.agent);
    const earnings = report.content?.sections.find((s) => s.heading === "Earnings multiple");
    expect(earnings?.lines[0]).toMatch(/^Average month: \$\d/);
    expect(ZAppraisalFigures.parse(report.content).reasons.join("\n")).toMatch(/Earns \$\d+ a month/);
  });

  it("the analyst's delivery of an enterprise appraisal's work order adds the review to the report", async () => {
    const staff = await signInStaff(t);
    const { owner, orderId } = await buyAppraisal("enterprise");
    const first = await readyReport(owner.agent);
    const [workOrder] = await t.db.select().from(workOrders).where(eq(workOrders.orderId, orderId));
    const path = (rest: string) => `/api/admin/work-orders/${workOrder.id}${rest}`;
    await staff.agent.post(path("/status")).send({ status: "in_progress" }).expect(200);
    await staff.agent
      .post(path("/deliverables"))
      .send({ body: "Checked against three private sales: the value stands." })
      .expect(201);
    await staff.agent.post(path("/status")).send({ status: "delivered" }).expect(200);

    const updated = await readyReport(owner.agent, (r) =>
      JSON.stringify(r.content).includes("Checked against three private sales"),
    );
    expect(updated.id).toBe(first.id);
    const review = updated.content?.sections.find((s) => s.heading === "Analyst review");
    expect(review?.lines).toContain("Checked against three private sales: the value stands.");
  });

  it("a domain removed between ordering and paying is still appraised by the name it was ordered for", async () => {
    const owner = await signUp(t.app);
    const domain = await insertDomain(t.db, owner.user.id, {
      name: `gonedomain${randomBytes(3).toString("hex")}.com`,
    });
    const order = await owner.agent
      .post(OFFERS.appraisal.path)
      .send({ type: "basic", price: PRICES.basic, domainId: domain.id })
      .expect(201);
    await owner.agent.delete(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(204);
    await payInSandbox(owner.agent, order.body.orderId);
    const report = await readyReport(owner.agent);
    expect(report).toMatchObject({ domainId: null, title: `Basic appraisal of ${domain.name}` });
  });

  it("a second fulfilment of the same payment queues no second report", async () => {
    const { owner, orderId } = await buyAppraisal("basic");
    await owner.agent.post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`);
    await readyReport(owner.agent);
    const rows = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.orderId, orderId), eq(reports.kind, "appraisal")));
    expect(rows).toHaveLength(1);
  });
});

describe("the free estimate", () => {
  it("answers a value and a range that holds it, with a confidence", async () => {
    const owner = await signUp(t.app);
    const res = await owner.agent.get(APPRAISAL_PATHS.estimate).query({ name: "Lamp.com" }).expect(200);
    const estimate = ZEstimate.parse(res.body);
    expect(estimate.name).toBe("lamp.com");
    expect(Number(estimate.range.low)).toBeLessThanOrEqual(Number(estimate.value));
    expect(Number(estimate.range.high)).toBeGreaterThanOrEqual(Number(estimate.value));
    expect(["low", "medium", "high"]).toContain(estimate.confidence);
  });

  it("a short dictionary .com is estimated above a long random string with digits in a rare suffix", async () => {
    const owner = await signUp(t.app);
    const good = ZEstimate.parse(
      (await owner.agent.get(APPRAISAL_PATHS.estimate).query({ name: "lamp.com" })).body,
    );
    const poor = ZEstimate.parse(
      (await owner.agent.get(APPRAISAL_PATHS.estimate).query({ name: "xq7kz9vbt3wp.bike" })).body,
    );
    expect(Number(good.value)).toBeGreaterThan(Number(poor.value));
  });

  it("refuses what is not a domain name, no name, and a signed-out visitor", async () => {
    const owner = await signUp(t.app);
    const bad = await owner.agent.get(APPRAISAL_PATHS.estimate).query({ name: "not a name" }).expect(422);
    expect(bad.body.message).toBeTruthy();
    await owner.agent.get(APPRAISAL_PATHS.estimate).expect(400);
    await owner.agent
      .get(APPRAISAL_PATHS.estimate)
      .query({ name: "x".repeat(300) })
      .expect(400);
    await request(t.app).get(APPRAISAL_PATHS.estimate).query({ name: "lamp.com" }).expect(401);
  });

  it("is limited per account: past the hour's allowance it answers 429 with Retry-After", async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < ESTIMATES_ALLOWED; i++)
      await owner.agent
        .get(APPRAISAL_PATHS.estimate)
        .query({ name: `name${i}.com` })
        .expect(200);
    const refused = await owner.agent
      .get(APPRAISAL_PATHS.estimate)
      .query({ name: "one-more.com" })
      .expect(429);
    expect(refused.headers["retry-after"]).toBeTruthy();
    const other = await signUp(t.app);
    await other.agent.get(APPRAISAL_PATHS.estimate).query({ name: "lamp.com" }).expect(200);
  });
});

describe("accuracy in the console", () => {
  it("says there are not enough sales yet, with the number of sales, to staff only", async () => {
    const staff = await signInStaff(t);
    const res = await staff.agent.get(APPRAISAL_PATHS.accuracy).expect(200);
    expect(res.body).toMatchObject({ enough: false, withinTwoX: null, minimumSales: 20 });
    expect(typeof res.body.sales).toBe("number");
    const owner = await signUp(t.app);
    await owner.agent.get(APPRAISAL_PATHS.accuracy).expect(404);
  });
});
