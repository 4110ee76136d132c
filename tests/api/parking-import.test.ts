import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { PARKING_PATHS } from "../../shared/api/parking";
import { AD_NETWORKS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { addDomain, csv, uniqueDomainName } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const importReport = (agent: Agent, network: string, file: string | Buffer) =>
  agent.post(pathTo(PARKING_PATHS.upload, { network })).set("Content-Type", "text/csv").send(file);
const GENERIC = ["date", "domain", "visitors", "clicks", "revenue"];
/** Before every report day of these tests (the samples are from March 2025). */
const ACQUIRED = "2024-01-01";

/** A domain added through the API with an acquisition date early enough for the reports. */
async function ownedDomain(agent: Agent, overrides: Parameters<typeof addDomain>[1] = {}) {
  const domain = await addDomain(agent, overrides);
  const res = await agent
    .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
    .send({ registrationDate: ACQUIRED });
  expect(res.status).toBe(200);
  return domain;
}

async function ledger(userId: string) {
  const events = await t.db.execute<{ source_key: string; amount: string; type: string; domain_id: string }>(
    sql`select source_key, amount::text, type, domain_id from revenue_events where user_id = ${userId} order by source_key`,
  );
  const [balance] = (
    await t.db.execute<{ available: string }>(
      sql`select available::text from balances where user_id = ${userId}`,
    )
  ).rows;
  return { events: events.rows, balance: balance?.available ?? "0.00" };
}

describe("POST /api/parking-reports/{network}", () => {
  it("credits each domain-day as a parking revenue event keyed by network, domain and day", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const file = csv([
      GENERIC,
      [daysAgo(2), domain.name, 120, 4, "3.20"],
      [daysAgo(1), domain.name, 80, 2, "1.05"],
    ]);

    const res = await importReport(agent, "parkingcrew", file);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      network: "parkingcrew",
      rowsRead: 2,
      imported: 2,
      totalRevenue: "4.25",
      firstDay: daysAgo(2),
      lastDay: daysAgo(1),
      skippedCount: 0,
      skipped: [],
    });
    const { events, balance } = await ledger(user.id);
    expect(events).toEqual([
      {
        source_key: `parking:parkingcrew:${domain.id}:${daysAgo(2)}`,
        amount: "3.20",
        type: "parking",
        domain_id: domain.id,
      },
      {
        source_key: `parking:parkingcrew:${domain.id}:${daysAgo(1)}`,
        amount: "1.05",
        type: "parking",
        domain_id: domain.id,
      },
    ]);
    expect(balance).toBe("0.00"); // reported revenue: never in the balance
    const reports = await t.db.execute(
      sql`select day::text, visitors, clicks, revenue::text from parking_reports where domain_id = ${domain.id} order by day`,
    );
    expect(reports.rows).toEqual([
      { day: daysAgo(2), visitors: 120, clicks: 4, revenue: "3.20" },
      { day: daysAgo(1), visitors: 80, clicks: 2, revenue: "1.05" },
    ]);
  });

  it("replaces a re-imported day instead of doubling it, and moves the balance by the difference", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const first = csv([
      GENERIC,
      [daysAgo(3), domain.name, 10, 1, "5.00"],
      [daysAgo(2), domain.name, 10, 1, "2.00"],
    ]);
    await importReport(agent, "bodis", first);
    const again = await importReport(agent, "bodis", first);
    expect(again.status).toBe(201);
    expect((await ledger(user.id)).events).toHaveLength(2);
    expect((await ledger(user.id)).balance).toBe("0.00"); // reported revenue: never in the balance

    const corrected = csv([
      GENERIC,
      [daysAgo(3), domain.name, 10, 1, "6.50"],
      [daysAgo(2), domain.name, 10, 1, "0"],
    ]);
    await importReport(agent, "bodis", corrected);

    const { events, balance } = await ledger(user.id);
    expect(events.map((e) => [e.source_key, e.amount])).toEqual([
      [`parking:bodis:${domain.id}:${daysAgo(3)}`, "6.50"],
    ]);
    expect(balance).toBe("0.00"); // reported revenue: never in the balance
  });

  it("credits a day once when the same report is imported twice at the same moment", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const file = csv([
      GENERIC,
      [daysAgo(4), domain.name, 10, 1, "4.40"],
      [daysAgo(3), domain.name, 10, 1, "1.10"],
    ]);
    const answers = await Promise.all([1, 2, 3].map(() => importReport(agent, "sedo", file)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const { events, balance } = await ledger(user.id);
    expect(events).toHaveLength(2);
    expect(balance).toBe("0.00"); // reported revenue: never in the balance
  });

  it("keeps the same day from two networks apart", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const file = csv([GENERIC, [daysAgo(1), domain.name, 10, 1, "1.00"]]);
    await importReport(agent, "sedo", file);
    await importReport(agent, "adsense", file);
    const { events, balance } = await ledger(user.id);
    expect(events).toHaveLength(2);
    expect(balance).toBe("0.00"); // reported revenue: never in the balance
  });

  it("adds up rows of the same domain and day, rounding revenue to cents", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const file = csv([
      GENERIC,
      [daysAgo(1), domain.name, 10, 1, "1.1234"],
      [daysAgo(1), domain.name.toUpperCase(), 5, 2, "0.0050"],
    ]);
    const res = await importReport(agent, "sedo", file);
    expect(res.body).toMatchObject({ rowsRead: 2, imported: 1, totalRevenue: "1.13" });
    const { events } = await ledger(user.id);
    expect(events.map((e) => e.amount)).toEqual(["1.13"]);
  });

  it("reports rows for domains outside the portfolio back and leaves them out", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await ownedDomain(me.agent);
    const theirs = await ownedDomain(other.agent);
    const unknown = uniqueDomainName();
    const file = csv([
      GENERIC,
      [daysAgo(1), mine.name, 10, 1, "1.00"],
      [daysAgo(1), theirs.name, 10, 1, "9.00"],
      [daysAgo(1), unknown, 10, 1, "9.00"],
    ]);

    const res = await importReport(me.agent, "namedrive", file);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ imported: 1, totalRevenue: "1.00", skippedCount: 2 });
    expect(res.body.skipped).toEqual([
      { line: 3, domain: theirs.name, reason: "Not in your portfolio" },
      { line: 4, domain: unknown, reason: "Not in your portfolio" },
    ]);
    expect((await ledger(other.user.id)).events).toEqual([]);
    const reports = await t.db.execute(sql`select 1 from parking_reports where domain_id = ${theirs.id}`);
    expect(reports.rows).toEqual([]);
  });

  it("makes parkingRevenue the average daily parking revenue of the last 30 days", async () => {
    const { agent } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const file = csv([
      GENERIC,
      [daysAgo(1), domain.name, 100, 3, "30.00"],
      [daysAgo(29), domain.name, 50, 1, "15.00"],
      [daysAgo(45), domain.name, 999, 9, "900.00"],
    ]);
    await importReport(agent, "adsense", file);
    const [listed] = (await agent.get(DOMAIN_PATHS.list)).body;
    expect(listed.parkingRevenue).toBe("1.50");
    expect(listed.visitors).toBe(150);
    const detail = (await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }))).body;
    expect(detail).toMatchObject({ totalRevenue: "945.00", totalVisitors: 1149 });
  });

  it("keeps the portfolio's figures current after they were read, and recomputes another day's", async () => {
    const { agent } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const figures = async () => {
      const listed = (await agent.get(DOMAIN_PATHS.list)).body.find(
        (d: { id: string }) => d.id === domain.id,
      );
      return [listed.parkingRevenue, listed.visitors];
    };
    await importReport(agent, "sedo", csv([GENERIC, [daysAgo(1), domain.name, 60, 1, "30.00"]]));
    expect(await figures()).toEqual(["1.00", 60]);

    await importReport(agent, "sedo", csv([GENERIC, [daysAgo(1), domain.name, 90, 1, "60.00"]]));
    await importReport(agent, "bodis", csv([GENERIC, [daysAgo(2), domain.name, 10, 1, "3.00"]]));
    await importReport(agent, "bodis", csv([GENERIC, [daysAgo(40), domain.name, 500, 1, "300.00"]]));
    expect(await figures()).toEqual(["2.10", 100]);

    await t.db.execute(sql`delete from parking_reports where domain_id = ${domain.id} and network = 'bodis'`);
    expect(await figures()).toEqual(["2.00", 90]);

    await t.db.execute(
      sql`update domain_figures set as_of = as_of - 1, revenue = 999, visitors = 999 where domain_id = ${domain.id}`,
    );
    expect(await figures()).toEqual(["2.00", 90]);
  });

  it.each(AD_NETWORKS)("imports the committed %s sample export with its own headers", async (network) => {
    const { agent, user } = await signUp(t.app);
    const file = readFileSync(`samples/parking-reports/${network}.csv`, "utf8");
    const names = [
      ...new Set(
        file
          .split("\n")
          .slice(1)
          .filter(Boolean)
          .map((l) => l.split(/[,;]/)[1]),
      ),
    ];
    for (const name of names) await ownedDomain(agent, { name });

    const res = await importReport(agent, network, file);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rowsRead: 4,
      imported: 4,
      skippedCount: 0,
      firstDay: "2025-03-01",
      lastDay: "2025-03-02",
    });
    const { events, balance } = await ledger(user.id);
    expect(events).toHaveLength(4);
    expect(Number(res.body.totalRevenue)).toBeGreaterThan(0);
    expect(balance).toBe("0.00"); // reported revenue: never in the balance
  });
});

describe("a parking report is refused whole with a 4xx message, and nothing is saved", () => {
  it.each([
    [
      "another network's headers",
      "adsense",
      () => "Day,Domain Name,Uniques,Clicks,Earnings\n",
      422,
      /not a Google AdSense report.*“Date”.*“Site”.*“Estimated earnings \(USD\)”/,
    ],
    [
      "a date in another format",
      "parkingcrew",
      (d: string) => csv([GENERIC, ["03/01/2025", d, 1, 1, "1.00"]]),
      422,
      /line 2: the date “03\/01\/2025” is not a YYYY-MM-DD date/,
    ],
    [
      "a day that does not exist",
      "bodis",
      (d: string) => csv([GENERIC, ["2025-02-30", d, 1, 1, "1.00"]]),
      422,
      /not a YYYY-MM-DD date/,
    ],
    [
      "a day before the domain was acquired",
      "bodis",
      (d: string) => csv([GENERIC, ["2023-12-31", d, 1, 1, "1.00"]]),
      422,
      /line 2: .* was not yours yet on 2023-12-31 \(acquired 2024-01-01; .*Edit Domain\)/,
    ],
    [
      "more than $100,000 on one domain in one day",
      "bodis",
      (d: string) => csv([GENERIC, [daysAgo(1), d, 1, 1, "100000.01"]]),
      422,
      /earned more than \$100,000\.00 on/,
    ],
    [
      "rows of one domain-day adding up past $100,000",
      "bodis",
      (d: string) => csv([GENERIC, [daysAgo(1), d, 1, 1, "60000"], [daysAgo(1), d, 1, 1, "60000"]]),
      422,
      /earned more than \$100,000\.00 on/,
    ],
    [
      "an implausible number of visitors",
      "bodis",
      (d: string) => csv([GENERIC, [daysAgo(1), d, 999999999, 1, "1.00"]]),
      422,
      /more than 10,000,000 visitors or clicks/,
    ],
    [
      "a day in the future",
      "bodis",
      (d: string) => csv([GENERIC, [daysAgo(-5), d, 1, 1, "1.00"]]),
      422,
      /in the future/,
    ],
    [
      "revenue that is not an amount",
      "sedo",
      (d: string) => csv([GENERIC, [daysAgo(1), d, 1, 1, "lots"]]),
      422,
      /revenue “lots” is not an amount/,
    ],
    [
      "negative revenue",
      "sedo",
      (d: string) => csv([GENERIC, [daysAgo(1), d, 1, 1, "-4.00"]]),
      422,
      /formula/,
    ],
    [
      "fractional visitors",
      "sedo",
      (d: string) => csv([GENERIC, [daysAgo(1), d, 1.5, 1, "1.00"]]),
      422,
      /whole numbers/,
    ],
    [
      "a formula cell",
      "adsense",
      (d: string) =>
        csv([GENERIC, [daysAgo(1), d, 1, 1, "1.00"], [daysAgo(2), "=cmd|' /C calc'!A0", 1, 1, "1"]]),
      422,
      /formula/,
    ],
  ])("%s", async (_label, network, file, status, message) => {
    const { agent, user } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const good = csv([GENERIC, [daysAgo(1), domain.name, 10, 1, "2.00"]]);
    const bad = `${file(domain.name).trimEnd()}\n${good.split("\n")[1]}\n`;
    const res = await importReport(agent, network, bad);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await ledger(user.id)).toEqual({ events: [], balance: "0.00" });
  });

  it("an unknown network, with 400", async () => {
    const { agent } = await signUp(t.app);
    const res = await importReport(agent, "yahoo", csv([GENERIC]));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Unknown parking network/);
  });

  it("a file that is not UTF-8, with 422", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await ownedDomain(agent);
    const file = Buffer.from(
      `date,domain,revenue,notes\n${daysAgo(1)},${domain.name},1.00,caf\u00e9\n`,
      "latin1",
    );
    const res = await importReport(agent, "adsense", file);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/not UTF-8/);
    expect((await ledger(user.id)).events).toEqual([]);
  });

  it("a 20 MB upload, with 413", async () => {
    const { agent, user } = await signUp(t.app);
    const res = await importReport(agent, "adsense", `date,domain,revenue\n${"1".repeat(20 * 1024 * 1024)}`);
    expect(res.status).toBe(413);
    expect((await ledger(user.id)).events).toEqual([]);
  });

  it("a signed-out upload, with 401", async () => {
    const res = await request(t.app)
      .post("/api/parking-reports/adsense")
      .set("Content-Type", "text/csv")
      .send(csv([GENERIC]));
    expect(res.status).toBe(401);
  });
});

describe("a report that matches none of your domains", () => {
  it("imports nothing and says so: no domain matched, each unknown domain with its rows and first day", async () => {
    const { agent, user } = await signUp(t.app);
    await ownedDomain(agent);
    const [first, second] = [uniqueDomainName(), uniqueDomainName()].sort();
    const file = csv([
      GENERIC,
      [daysAgo(3), second, 10, 1, "1.00"],
      [daysAgo(2), first, 10, 1, "2.00"],
      [daysAgo(4), second, 10, 1, "3.00"],
      [daysAgo(1), "not a domain", 10, 1, "4.00"],
    ]);

    const res = await importReport(agent, "sedo", file);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      imported: 0,
      totalRevenue: "0.00",
      matchedDomains: 0,
      skippedCount: 4,
      unknownDomainCount: 2,
      unknownDomains: [
        { name: first, rows: 1, firstDay: daysAgo(2) },
        { name: second, rows: 2, firstDay: daysAgo(4) },
      ],
    });
    expect((await ledger(user.id)).events).toEqual([]);
  });

  it("once the unknown domains are added from their first day (one domain import), the same report imports", async () => {
    const { agent } = await signUp(t.app);
    const name = uniqueDomainName();
    const file = csv([GENERIC, [daysAgo(5), name, 10, 1, "1.50"]]);
    const before = await importReport(agent, "bodis", file);
    const [unknown] = before.body.unknownDomains;

    const added = await agent
      .post(DOMAIN_PATHS.import)
      .set("Content-Type", "text/csv")
      .send(
        csv([
          ["name", "registration date"],
          [unknown.name, unknown.firstDay],
        ]),
      );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const after = await importReport(agent, "bodis", file);

    expect(after.body).toMatchObject({
      imported: 1,
      matchedDomains: 1,
      unknownDomainCount: 0,
      totalRevenue: "1.50",
    });
  });
});
