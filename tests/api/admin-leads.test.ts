import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAdminLead } from "../../shared/api/admin/leads";
import { ADMIN_LEADS_PATHS } from "../../shared/api/admin/leads";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { LEAD_CONSENT } from "../../shared/lead-consent";
import { signedToCents } from "../../shared/money";
import { pathTo } from "../../shared/path-to";
import { insertDomain } from "../factories/domains";
import { VISITOR_PROXY_ENV, visitorLead } from "../factories/leads";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

// A database of its own: the console sees every owner's leads.
let t: TestApp;
let staff: Awaited<ReturnType<typeof signInStaff>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let domainName: string;

// Visitors, not the owner: their leads come through the proxy from addresses of their own.
const sendLead = (host: string, email: string, zipCode: string) =>
  visitorLead(t.app, host, { email, zipCode, source: "car-insurance-landing", value: 75 });

beforeAll(async () => {
  t = await createTestApp({ env: VISITOR_PROXY_ENV });
  staff = await signInStaff(t);
  owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id, { status: "parked" });
  domainName = domain.name;
  for (const [email, zip] of [
    ["ann@example.com", "10001"],
    ["bob@example.com", "90210"],
    ["cat@example.com", "10001"],
  ]) {
    const res = await sendLead(domain.name, email, zip);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  // A lead on a host no owner has verified: captured, credited to nobody.
  expect((await sendLead("unclaimed-host.example", "dan@example.com", "60601")).status).toBe(201);
});
afterAll(() => t.close());

const ADMIN_LEAD_ROUTES = [
  ["get", ADMIN_LEADS_PATHS.list],
  ["get", ADMIN_LEADS_PATHS.counts],
  ["get", ADMIN_LEADS_PATHS.export],
  ["post", "/api/admin/leads/00000000-0000-4000-8000-000000000000/return"],
] as const;

async function pending(agent: typeof owner.agent) {
  const res = await agent.get(PAYMENT_PATHS.balance).expect(200);
  return signedToCents(res.body.pendingBalance as string);
}

describe("the console's leads", () => {
  it("answer 404 to signed-out visitors and to owners who are not staff", async () => {
    for (const [method, path] of ADMIN_LEAD_ROUTES) {
      expect((await request(t.app)[method](path).send({ reason: "spam lead" })).status, path).toBe(404);
      expect((await owner.agent[method](path).send({ reason: "spam lead" })).status, path).toBe(404);
    }
  });

  it("lists every owner's leads newest first, a page at a time, with the owner they were credited to", async () => {
    const first = await staff.agent.get(`${ADMIN_LEADS_PATHS.list}?limit=3`).expect(200);
    expect(first.body.data.map((l: TAdminLead) => l.email)).toEqual([
      "dan@example.com",
      "cat@example.com",
      "bob@example.com",
    ]);
    const next = await staff.agent
      .get(`${ADMIN_LEADS_PATHS.list}?limit=3&cursor=${first.body.nextCursor}`)
      .expect(200);
    expect(next.body).toMatchObject({ data: [{ email: "ann@example.com" }], nextCursor: null });
    const ann = next.body.data[0] as TAdminLead;
    expect(ann).toMatchObject({
      zipCode: "10001",
      domainName,
      ownerEmail: owner.input.email,
      returnedAt: null,
      // No buyer in tests: the sandbox buyer bought it; staff see the visitor's consent record.
      saleStatus: "sold",
      salePrice: "107.14",
      value: "75.00",
      consent: {
        version: LEAD_CONSENT.version,
        text: LEAD_CONSENT.text,
        ip: expect.stringMatching(/^203\.0\.113\./),
      },
    });
    expect(first.body.data[0]).toMatchObject({
      host: "unclaimed-host.example",
      ownerEmail: null,
      value: "0.00",
    });
  });

  it("filters by host, ZIP, state and day, and refuses a malformed filter with 400", async () => {
    const byZip = await staff.agent.get(`${ADMIN_LEADS_PATHS.list}?zip=10001`).expect(200);
    expect(byZip.body.data.map((l: TAdminLead) => l.email).sort()).toEqual([
      "ann@example.com",
      "cat@example.com",
    ]);
    const byHost = await staff.agent
      .get(`${ADMIN_LEADS_PATHS.list}?host=${domainName.toUpperCase()}`)
      .expect(200);
    expect(byHost.body.data).toHaveLength(3);
    const state = byZip.body.data[0].state as string;
    const byState = await staff.agent
      .get(`${ADMIN_LEADS_PATHS.list}?state=${state.toLowerCase()}`)
      .expect(200);
    expect(byState.body.data.every((l: TAdminLead) => l.state === state)).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await staff.agent.get(`${ADMIN_LEADS_PATHS.list}?from=${tomorrow}`).expect(200)).body.data,
    ).toEqual([]);
    for (const query of [
      "zip=1234",
      "state=New",
      "from=2026-02-30",
      "from=2026-05-02&to=2026-05-01",
      "cursor=x",
    ]) {
      const res = await staff.agent.get(`${ADMIN_LEADS_PATHS.list}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it("returns a lead: the owner's earning is reversed, the staff action is audited, a second return is refused", async () => {
    const before = await pending(owner.agent);
    const list = await staff.agent.get(`${ADMIN_LEADS_PATHS.list}?zip=90210`).expect(200);
    const bob = list.body.data[0] as TAdminLead;

    const returned = await staff.agent
      .post(pathTo(ADMIN_LEADS_PATHS.return, { id: bob.id }))
      .send({ reason: "Not a real person" });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await pending(owner.agent)).toBe(before - 7500);
    const after = await staff.agent.get(`${ADMIN_LEADS_PATHS.list}?zip=90210&returned=yes`).expect(200);
    expect(after.body.data[0].returnedAt).toBeTruthy();
    const audit = await t.db.execute<{ detail: { action: string; object: { id: string } } }>(
      sql`select detail from audit_log where user_id = ${staff.user.id} and event = 'staff_action' order by created_at desc limit 1`,
    );
    expect(audit.rows[0].detail).toMatchObject({
      action: "lead.returned",
      object: { kind: "lead", id: bob.id },
    });

    const again = await staff.agent
      .post(pathTo(ADMIN_LEADS_PATHS.return, { id: bob.id }))
      .send({ reason: "Not a real person" });
    expect(again.status).toBe(409);
    expect(await pending(owner.agent)).toBe(before - 7500);
    expect(
      (await staff.agent.post(pathTo(ADMIN_LEADS_PATHS.return, { id: bob.id })).send({ reason: "" })).status,
    ).toBe(400);
  });

  it("exports the search as formula-safe CSV", async () => {
    await t.db.execute(
      sql`insert into leads (email, zip_code, city, state, source, value, host)
          values ('=HYPERLINK("http://evil.example")@x.com', '10001', '+cmd', 'NY', 'test', '0.00', 'csv-host.example')`,
    );
    const res = await staff.agent.get(`${ADMIN_LEADS_PATHS.export}?host=csv-host`).expect(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Captured,Email,ZIP,City,State,Host,Domain,Owner,Value,Returned,Flagged,Sale,Buyer,Price,Consent version",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")@x.com"`);
    expect(lines[1]).toContain(",'+cmd,");
  });

  it("counts leads and returns per host and per day", async () => {
    const res = await staff.agent.get(`${ADMIN_LEADS_PATHS.counts}?host=${domainName}`).expect(200);
    expect(res.body.byHost).toEqual([{ host: domainName, leads: 3, returned: 1 }]);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.byDay).toEqual([{ day: today, leads: 3, returned: 1 }]);
  });
});
