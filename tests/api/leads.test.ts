import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_SOURCE, LEAD_VALUE, LEADS_PATH } from "../../shared/api/leads/leads";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lead = (overrides: Record<string, unknown> = {}) => ({
  email: `driver_${Math.random().toString(36).slice(2)}@example.com`,
  zipCode: "90210",
  source: LEAD_SOURCE,
  value: LEAD_VALUE,
  ...overrides,
});
const countLeads = async (email: string) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from leads where lower(email) = lower(${email})`,
    )
  ).rows[0].n;

describe("POST /api/leads", () => {
  it("stores the lead with the ZIP's city and state and the host, and answers 201 with the quotes link", async () => {
    const body = lead({ zipCode: "10001" });
    const res = await request(t.app).post(LEADS_PATH).set("Host", "landing.test").send(body);
    expect(res.status).toBe(201);
    const url = new URL(res.body.quotesUrl);
    expect(url.origin + url.pathname).toBe("https://quotes.test/compare");
    expect(url.searchParams.get("utm_source")).toBe("landing.test");
    expect(url.searchParams.get("utm_medium")).toBeTruthy();
    expect(url.searchParams.get("utm_campaign")).toBeTruthy();
    const [row] = (
      await t.db.execute<{ city: string; state: string; host: string; value: string }>(
        sql`select city, state, host, value from leads where id = ${res.body.id}`,
      )
    ).rows;
    // landing.test is no verified parked domain: the lead is kept, and credits nobody.
    expect(row).toEqual({ city: "New York", state: "NY", host: "landing.test", value: "0.00" });
  });

  it("answers the same person within 30 days as success but stores it once, whatever the ZIP", async () => {
    const body = lead();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        request(t.app)
          .post(LEADS_PATH)
          .send({ ...body, email: i % 2 ? body.email.toUpperCase() : body.email }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await countLeads(body.email)).toBe(1);
    const otherZip = await request(t.app)
      .post(LEADS_PATH)
      .send({ ...body, zipCode: "10001" });
    expect(otherZip.status).toBe(201);
    expect(otherZip.body.id).toBe(answers[0].body.id);
    expect(await countLeads(body.email)).toBe(1);
  });

  it("refuses a ZIP that does not exist with 422 and stores nothing", async () => {
    const body = lead({ zipCode: "00000" });
    const res = await request(t.app).post(LEADS_PATH).send(body);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/ZIP/);
    expect(await countLeads(body.email)).toBe(0);
  });

  it.each([
    ["a bad email", { email: "nope" }, /valid email address/],
    ["a 4-digit ZIP", { zipCode: "1234" }, /exactly 5 digits/],
    ["a ZIP with letters", { zipCode: "9021a" }, /exactly 5 digits/],
    ["a numeric ZIP", { zipCode: 90210 }, /Invalid input/],
    ["another source", { source: "other" }, /Invalid input/],
    ["another value", { value: 1000 }, /Invalid input/],
    ["an oversized email", { email: `${"a".repeat(300)}@example.com` }, /Invalid input/],
  ])("refuses %s with 400 and a message", async (_label, override, message) => {
    const body = lead(override);
    const res = await request(t.app).post(LEADS_PATH).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await request(t.app).post(LEADS_PATH).set("Content-Type", "text/plain").send("email=a@b.co");
    expect(res.status).toBe(400);
  });
});
