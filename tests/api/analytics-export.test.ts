import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCell } from "../../server/lib/csv-write";
import { ANALYTICS_EXPORT_PATH } from "../../shared/api/analytics";
import { addRevenue, addTraffic, grantAnalytics } from "../factories/analytics";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe("GET /api/analytics/export", () => {
  it("downloads the range's daily series as a CSV attachment with a Total row", async () => {
    const { agent, user } = await signUp(t.app, { timeZone: "UTC" });
    await grantAnalytics(t.db, user.id, "pro");
    const domain = await insertDomain(t.db, user.id);
    await addRevenue(t.db, {
      userId: user.id,
      domainId: domain.id,
      type: "parking",
      amount: "12.50",
      at: new Date(),
    });
    await addRevenue(t.db, {
      userId: user.id,
      domainId: domain.id,
      type: "lead",
      amount: "75.00",
      at: new Date(),
    });
    await addTraffic(t.db, domain, { day: today(), visits: 40, leads: 1 });

    const res = await agent.get(`${ANALYTICS_EXPORT_PATH}?range=30d`);

    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="?parkpilot-analytics-30d-/);
    expect(res.headers["content-disposition"]).toContain(`-to-${today()}.csv`);
    const lines = res.text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 30 + 1);
    expect(lines[0]).toBe(
      "Date,Parking revenue,Lead revenue,Marketplace revenue,Affiliate revenue,Other revenue,Total revenue,Visitors,Page visits,Leads,Lead conversion (%)",
    );
    expect(lines[30]).toBe(`${today()},12.50,75.00,0.00,0.00,0.00,87.50,40,40,1,2.50`);
    expect(lines[31]).toBe("Total,12.50,75.00,0.00,0.00,0.00,87.50,40,40,1,2.50");
  });

  it("refuses an unknown range with 400 and a message, and a signed-out visitor with 401", async () => {
    const { agent } = await signUp(t.app);
    const bad = await agent.get(`${ANALYTICS_EXPORT_PATH}?range=all`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Invalid/);

    const anonymous = await request(t.app).get(`${ANALYTICS_EXPORT_PATH}?range=7d`);
    expect(anonymous.status).toBe(401);
  });
});

describe("CSV cells", () => {
  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+1+1", "'+1+1"],
    ["-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tdata", "'\tdata"],
  ])("neutralises a formula-like text %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    ["-12.50", "-12.50"],
    ["0.00", "0.00"],
    [42, "42"],
    ["alpha.com", "alpha.com"],
    ["a,b", '"a,b"'],
  ])("keeps %j as data", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});
