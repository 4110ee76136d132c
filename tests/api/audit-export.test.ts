import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../server/modules/audit/audit-log";
import { SECURITY_PATHS } from "../../shared/api/security";
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
});
