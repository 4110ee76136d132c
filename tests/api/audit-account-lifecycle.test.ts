import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { verifyAuditChain } from "../../server/modules/audit/audit-chain";
import { sweepSubscriptions } from "../../server/modules/billing/sweep-subscriptions";
import { paidContext } from "../../server/order-effects/order-effects";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { BILLING_PATHS } from "../../shared/api/billing";
import { pathTo } from "../../shared/path-to";
import { SECURITY_ADDONS } from "../../shared/prices";
import { buySecurity } from "../factories/security";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * What the audit log holds of an account's life outside sign-in: its creation and the session
 * registration starts, and every Enhanced Security level or add-on that starts or ends.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL_ADD_ONS = SECURITY_ADDONS.map((a) => a.id);
const SECURITY_FEATURES = ["security:enterprise", ...ALL_ADD_ONS.map((id) => `security:${id}`)].sort();

type Exported = { event: string; address: string | null; detail: Record<string, unknown> | null };

async function exportedEvents(agent: Awaited<ReturnType<typeof signUp>>["agent"]): Promise<Exported[]> {
  const res = await agent.get(`${SECURITY_PATHS.auditLogExport}?format=json`);
  expect(res.status).toBe(200);
  return (JSON.parse(res.text).events as Exported[]).reverse();
}

const featuresOf = (events: Exported[], event: string) =>
  events
    .filter((e) => e.event === event)
    .map((e) => String(e.detail?.feature))
    .sort();

describe("the audit log of an account's life", () => {
  it("a new account with every security add-on exports its registration, first session and add-ons", async () => {
    const { agent } = await signUp(t.app);
    await buySecurity(agent, ALL_ADD_ONS, "enterprise");

    const events = await exportedEvents(agent);

    expect(events.length).toBeGreaterThan(0);
    expect(events.slice(0, 2)).toMatchObject([
      { event: "account_created", address: expect.stringMatching(/127\.0\.0\.1/) },
      { event: "sign_in", detail: { method: "registration" } },
    ]);
    expect(featuresOf(events, "security_add_on_granted")).toEqual(SECURITY_FEATURES);
    expect((await verifyAuditChain(t.db)).breaks).toEqual([]);
  });

  it("a renewal records nothing new; the end of the subscription records each add-on ending", async () => {
    const { agent } = await signUp(t.app);
    const sub = await buySecurity(agent, ALL_ADD_ONS, "enterprise");
    const sweep = async () =>
      sweepSubscriptions({
        db: t.db,
        mailer: t.deps.mailer,
        paid: paidContext(30),
        appUrl: t.deps.config.appUrl,
        now: await moveBillingClock(t.db, 31 * 86_400),
      });

    await sweep();
    const renewed = await exportedEvents(agent);
    expect(featuresOf(renewed, "security_add_on_granted")).toEqual(SECURITY_FEATURES);
    expect(featuresOf(renewed, "security_add_on_ended")).toEqual([]);

    expect((await agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }))).status).toBe(200);
    await sweep();

    // The export needs the audit-logs add-on, which just ended: read the log itself.
    const res = await agent.get(`${SECURITY_PATHS.auditLog}?event=security_add_on_ended`);
    expect(res.status).toBe(200);
    const ended = res.body.events as Exported[];
    expect(featuresOf(ended, "security_add_on_ended")).toEqual(SECURITY_FEATURES);
    expect(ended.every((e) => e.address === null && e.detail?.subscriptionId === sub.id)).toBe(true);
    expect((await verifyAuditChain(t.db)).breaks).toEqual([]);
  });
});
