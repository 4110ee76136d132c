import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../server/modules/audit/audit-log";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { auditLog } from "../../shared/schema";
import { buySecurity } from "../factories/security";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** `GET /api/security/audit-log/export`: the audit-logs add-on's download of the user's own log. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (format: string) => `${SECURITY_PATHS.auditLogExport}?format=${format}`;

describe("audit log export", () => {
  it("is refused signed out (401) and without the add-on (403 naming it)", async () => {
    expect((await request(t.app).get(url("csv"))).status).toBe(401);
    const { agent } = await signUp(t.app);
    const res = await agent.get(url("csv"));
    expect(res.status).toBe(403);
    expect(res.body.message).toContain("Audit Log");
    // Another add-on opens nothing here.
    await buySecurity(agent, ["threat-monitoring"]);
    expect((await agent.get(url("json"))).status).toBe(403);
  });

  it("exports only the user's own events, as formula-safe CSV and as JSON; a bad format is 400", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await buySecurity(me.agent, ["audit-logs"]);
    await recordAudit(t.db, {
      userId: me.user.id,
      event: "api_key_created",
      meta: { address: '=HYPERLINK("http://evil")', userAgent: "" },
      detail: { name: "mine" },
    });
    await recordAudit(t.db, {
      userId: other.user.id,
      event: "api_key_created",
      meta: { address: "203.0.113.9", userAgent: "" },
      detail: { name: "theirs" },
    });

    const csv = await me.agent.get(url("csv")).expect(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain("audit-log.csv");
    expect(csv.text.split("\r\n")[0]).toBe("time,event,address,device,detail");
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.text).not.toContain("theirs");
    expect(csv.text).not.toContain("203.0.113.9");

    const json = await me.agent.get(url("json")).expect(200);
    const events = JSON.parse(json.text).events as { event: string; userId: string; detail: unknown }[];
    expect(
      events.some((e) => e.event === "api_key_created" && (e.detail as { name: string }).name === "mine"),
    ).toBe(true);
    expect(events.every((e) => e.userId === me.user.id)).toBe(true);

    const bad = await me.agent.get(url("xml"));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });

  it("reaches back by level: 90 days without one or at basic, a year at advanced", async () => {
    const me = await signUp(t.app);
    const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 60 * 60 * 1000);
    await t.db.insert(auditLog).values([
      { userId: me.user.id, event: "sign_in", address: "198.51.100.80", createdAt: daysAgo(80) },
      { userId: me.user.id, event: "sign_in", address: "198.51.100.200", createdAt: daysAgo(200) },
      { userId: me.user.id, event: "sign_in", address: "198.51.100.250", createdAt: daysAgo(400) },
    ]);
    const addresses = async () =>
      ((await me.agent.get(SECURITY_PATHS.auditLog).expect(200)).body.events as { address: string }[]).map(
        (e) => e.address,
      );

    expect(await addresses()).toContain("198.51.100.80");
    expect(await addresses()).not.toContain("198.51.100.200");
    await buySecurity(me.agent, ["audit-logs"], "basic");
    expect(await addresses()).not.toContain("198.51.100.200");
    const csvBasic = (await me.agent.get(url("csv")).expect(200)).text;
    expect(csvBasic).toContain("198.51.100.80");
    expect(csvBasic).not.toContain("198.51.100.200");
  });

  it("advanced keeps a year and enterprise seven", async () => {
    const adv = await signUp(t.app);
    const ent = await signUp(t.app);
    const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 60 * 60 * 1000);
    for (const u of [adv, ent]) {
      await t.db.insert(auditLog).values([
        { userId: u.user.id, event: "sign_in", address: "198.51.100.200", createdAt: daysAgo(200) },
        { userId: u.user.id, event: "sign_in", address: "198.51.100.250", createdAt: daysAgo(400) },
      ]);
    }
    await buySecurity(adv.agent, ["audit-logs"], "advanced");
    await buySecurity(ent.agent, ["audit-logs"], "enterprise");
    const advCsv = (await adv.agent.get(url("csv")).expect(200)).text;
    expect(advCsv).toContain("198.51.100.200");
    expect(advCsv).not.toContain("198.51.100.250");
    const entCsv = (await ent.agent.get(url("csv")).expect(200)).text;
    expect(entCsv).toContain("198.51.100.250");
  });

  it("filters the log and its export by event and by days (UTC, both included); bad filters are 400", async () => {
    const me = await signUp(t.app);
    const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
    await t.db.insert(auditLog).values([
      { userId: me.user.id, event: "sign_in", address: "198.51.100.1", createdAt: day("2026-11-01") },
      { userId: me.user.id, event: "sign_in_failed", address: "198.51.100.2", createdAt: day("2026-11-02") },
      { userId: me.user.id, event: "sign_in", address: "198.51.100.3", createdAt: day("2026-11-03") },
    ]);
    const addresses = async (query: string) =>
      (
        (await me.agent.get(`${SECURITY_PATHS.auditLog}?${query}`).expect(200)).body.events as {
          address: string;
        }[]
      )
        .map((e) => e.address)
        .filter((a) => a.startsWith("198.51.100."))
        .sort();
    expect(await addresses("event=sign_in")).toEqual(["198.51.100.1", "198.51.100.3"]);
    expect(await addresses("from=2026-11-02&to=2026-11-03")).toEqual(["198.51.100.2", "198.51.100.3"]);
    expect(await addresses("event=sign_in&to=2026-11-01")).toEqual(["198.51.100.1"]);

    for (const bad of [
      "event=drop_table",
      "from=2026-02-30",
      "from=2026-11-03&to=2026-11-01",
      "to=yesterday",
    ]) {
      const res = await me.agent.get(`${SECURITY_PATHS.auditLog}?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBeTruthy();
    }

    await buySecurity(me.agent, ["audit-logs"]);
    const json = await me.agent.get(`${url("json")}&event=sign_in_failed&from=2026-11-01`).expect(200);
    const exported = JSON.parse(json.text).events as { event: string; address: string }[];
    expect(exported.map((e) => e.address)).toEqual(["198.51.100.2"]);
    expect((await me.agent.get(`${url("csv")}&from=2026-11-05&to=2026-11-04`)).status).toBe(400);
  });
});
