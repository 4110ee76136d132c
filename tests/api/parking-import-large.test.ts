import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { centsToDecimal } from "../../shared/money";
import { subscribeInSandbox } from "../factories/billing";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DOMAINS = 500;
const DAYS = 100;
/** Domains of the report that are not in the portfolio: their rows are skipped. */
const NOT_OURS = 10;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

it("imports a report of 50,000 rows whole: every domain-day stored and credited, the rest listed as skipped", async () => {
  const { agent, user } = await signUp(t.app);
  // 490 domains: beyond the free plan's limit.
  await subscribeInSandbox(agent, "business");
  const tag = user.id.slice(0, 8);
  const names = Array.from({ length: DOMAINS }, (_, i) => `large-${tag}-${i}.com`);
  const ours = names.slice(NOT_OURS);
  const added = await agent
    .post(DOMAIN_PATHS.import)
    .set("Content-Type", "text/csv")
    .send(`name,registration date\n${ours.map((n) => `${n},${daysAgo(400)}`).join("\n")}\n`);
  expect(added.status).toBe(201);
  expect(added.body.imported).toBe(ours.length);

  const lines: string[] = [];
  let expectedCents = 0;
  let expectedVisitors = 0;
  for (let d = 1; d <= DAYS; d++) {
    for (const [i, name] of names.entries()) {
      const cents = 1 + ((d * 37 + i * 11) % 5_000);
      const visitors = 100 + ((d + i) % 50);
      if (i >= NOT_OURS) {
        expectedCents += cents;
        expectedVisitors += visitors;
      }
      lines.push(`${daysAgo(d)},${name},${visitors},${d % 7},${centsToDecimal(cents)}`);
    }
  }
  const report = `date,domain,visitors,clicks,revenue\n${lines.join("\n")}\n`;

  const res = await agent.post("/api/parking-reports/sedo").set("Content-Type", "text/csv").send(report);

  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    network: "sedo",
    rowsRead: DOMAINS * DAYS,
    imported: ours.length * DAYS,
    totalRevenue: centsToDecimal(expectedCents),
    firstDay: daysAgo(DAYS),
    lastDay: daysAgo(1),
    skippedCount: NOT_OURS * DAYS,
  });
  // The first rows skipped, in the file's order: line 2 is the first domain on the first day.
  expect(res.body.skipped).toHaveLength(100);
  expect(res.body.skipped.slice(0, 2)).toEqual([
    { line: 2, domain: names[0], reason: "Not in your portfolio" },
    { line: 3, domain: names[1], reason: "Not in your portfolio" },
  ]);
  const [stored] = (
    await t.db.execute<{ days: number; visitors: number; revenue: string }>(
      sql`select count(*)::int as days, sum(visitors)::int as visitors, sum(revenue)::text as revenue
            from parking_reports where user_id = ${user.id} and network = 'sedo'`,
    )
  ).rows;
  expect(stored).toEqual({
    days: ours.length * DAYS,
    visitors: expectedVisitors,
    revenue: centsToDecimal(expectedCents),
  });
  const [credited] = (
    await t.db.execute<{ events: number; amount: string }>(
      sql`select count(*)::int as events, sum(amount)::text as amount
            from revenue_events where user_id = ${user.id} and type = 'parking'`,
    )
  ).rows;
  expect(credited).toEqual({ events: ours.length * DAYS, amount: centsToDecimal(expectedCents) });
}, 300_000);

it("refuses a large report with a bad row anywhere, naming the line, and stores nothing", async () => {
  const { agent, user } = await signUp(t.app);
  const rows = Array.from({ length: 20_000 }, (_, i) => `${daysAgo(1 + (i % 90))},bad-${i}.com,1,0,0.01`);
  rows[15_000] = `${daysAgo(1)},bad-x.com,1,0,lots`;
  const res = await agent
    .post("/api/parking-reports/sedo")
    .set("Content-Type", "text/csv")
    .send(`date,domain,visitors,clicks,revenue\n${rows.join("\n")}\n`);
  expect(res.status).toBe(422);
  expect(res.body.message).toMatch(/line 15002: the revenue “lots” is not an amount/);
  const [stored] = (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from parking_reports where user_id = ${user.id}`,
    )
  ).rows;
  expect(stored.n).toBe(0);
});
