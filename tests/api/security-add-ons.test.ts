import { and, eq, like } from "drizzle-orm";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "../../server/http/error-handler";
import { SESSION_COOKIE } from "../../server/http/session";
import { sendSecuritySummaries } from "../../server/modules/auth/security-summary";
import { requireAddOn, type SecurityAddOn } from "../../server/modules/entitlements/require-add-on";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { BILLING_PATHS } from "../../shared/api/billing";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { ENTITLEMENTS_PATH } from "../../shared/api/entitlements";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { SECURITY_ADDONS, SECURITY_LEVEL_INCLUDES } from "../../shared/prices";
import { mailOutbox } from "../../shared/schema";
import { payInSandbox, sweepAMonthLater } from "../factories/billing";
import { buySecurity } from "../factories/security";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * Each Enhanced Security add-on through the one gate its routes use: refused (403, naming the
 * add-on) without its entitlement, open with it, refused again once the subscription has ended.
 * The gate is mounted behind the app's own session middleware, so a real sign-in reaches it.
 */
let t: TestApp;
let gated: express.Express;
const ADD_ONS = SECURITY_ADDONS.map((a) => a.id) as SecurityAddOn[];

beforeAll(async () => {
  t = await createTestApp();
  gated = express();
  gated.use(t.deps.sessions.middleware);
  for (const addOn of ADD_ONS) {
    gated.get(`/gate/${addOn}`, requireAddOn(addOn, t.db), (_req, res) => {
      res.json({ addOn });
    });
  }
  gated.use(errorHandler(t.deps.logger));
});
afterAll(() => t.close());

/** The signed-in agent's cookie, sent to the gated app. */
const gate = (cookie: string, addOn: string) => request(gated).get(`/gate/${addOn}`).set("Cookie", cookie);

async function signedIn() {
  const account = await signUp(t.app);
  const res = await request(t.app)
    .post(AUTH_PATHS.login)
    .send({ usernameOrEmail: account.input.email, password: account.input.password })
    .expect(200);
  const cookies = res.headers["set-cookie"] as unknown as string[];
  const cookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0];
  return { ...account, cookie };
}

describe("the add-on gate", () => {
  it("refuses a signed-out request with 401", async () => {
    const res = await request(gated).get("/gate/biometric");
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it("each add-on is unavailable without its entitlement, available with it, and ends with it", async () => {
    const { agent, cookie } = await signedIn();
    for (const addOn of ADD_ONS) {
      const label = SECURITY_ADDONS.find((a) => a.id === addOn)!.label;
      const res = await gate(cookie, addOn);
      expect(res.status, addOn).toBe(403);
      expect(res.body.message).toContain(`the ${label} add-on of Enhanced Security`);
    }

    // A level alone unlocks no add-on; then all six.
    const levelOnly = await buySecurity(agent, [], "enterprise");
    for (const addOn of ADD_ONS) expect((await gate(cookie, addOn)).status, addOn).toBe(403);
    expect((await agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: levelOnly.id }))).status).toBe(
      200,
    );

    const sub = await buySecurity(agent, ADD_ONS, "advanced");
    for (const addOn of ADD_ONS) {
      const res = await gate(cookie, addOn);
      expect(res.status, addOn).toBe(200);
      expect(res.body).toEqual({ addOn });
    }

    // Cancelled, it lasts to the period's end and not past it.
    expect((await agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }))).status).toBe(200);
    for (const addOn of ADD_ONS) expect((await gate(cookie, addOn)).status, addOn).toBe(200);
    await sweepAMonthLater(t);
    for (const addOn of ADD_ONS) expect((await gate(cookie, addOn)).status, addOn).toBe(403);
  });

  it("one account's add-on opens nothing for another", async () => {
    const buyer = await signedIn();
    const other = await signedIn();
    await buySecurity(buyer.agent, ["audit-logs"]);
    expect((await gate(buyer.cookie, "audit-logs")).status).toBe(200);
    expect((await gate(other.cookie, "audit-logs")).status).toBe(403);
    expect((await gate(buyer.cookie, "incident-response")).status).toBe(403);
  });
});

describe("Enhanced Security Basic", () => {
  const mailsTo = (email: string, subject: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `${subject}%`)));
  const signInFromNewDevice = (account: Awaited<ReturnType<typeof signUp>>) =>
    request(t.app)
      .post(AUTH_PATHS.login)
      .set("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1")
      .send({ usernameOrEmail: account.input.email, password: account.input.password })
      .expect(200);

  it("is sold alone as a $19.00 order that brings what its card names: sign-in alerts and a weekly summary", async () => {
    const me = await signUp(t.app);
    const free = await signUp(t.app);
    expect(SECURITY_LEVEL_INCLUDES).toContain("each sign-in from a new device or country");
    expect(SECURITY_LEVEL_INCLUDES).toContain("weekly security summary");

    const order = await me.agent
      .post(OFFERS.securityUpgrade.path)
      .send({ level: "basic", features: [], price: "19.00" });
    expect(order.status).toBe(201);
    const placed = await me.agent
      .get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: order.body.orderId }))
      .expect(200);
    expect(placed.body).toMatchObject({ price: "19.00", description: "Basic security" });
    await payInSandbox(me.agent, order.body.orderId);
    const features = (await me.agent.get(ENTITLEMENTS_PATH).expect(200)).body.map(
      (e: { feature: string }) => e.feature,
    );
    expect(features).toEqual(["security:basic"]);

    // A sign-in from a new device is mailed to the Basic account, never to the free one.
    await signInFromNewDevice(me);
    await signInFromNewDevice(free);
    expect(await mailsTo(me.input.email, "Security alert: sign-in from a new device")).toHaveLength(1);
    expect(await mailsTo(free.input.email, "Security alert")).toHaveLength(0);

    // The weekly summary: the week's sign-ins (registration and the new device), sessions and changes.
    await sendSecuritySummaries({ db: t.db, mailer: t.deps.mailer });
    const [summary] = await mailsTo(me.input.email, "Your weekly security summary");
    expect(summary.subject).toBe("Your weekly security summary: 2 sign-ins, 0 failed, 2 changes");
    expect(summary.body).toContain("Sign-ins: 2 from 2 devices");
    expect(summary.body).toContain("Safari on iOS");
    expect(summary.body).toContain("Signed-in sessions now: 2");
    expect(summary.body).toContain("Changes to your account: 2");
    expect(summary.body).toContain("Account created");
    expect(summary.body).toContain("Security add-on started");
    expect(await mailsTo(free.input.email, "Your weekly security summary")).toHaveLength(0);

    // Once a week: a second run sends nothing more.
    await sendSecuritySummaries({ db: t.db, mailer: t.deps.mailer });
    expect(await mailsTo(me.input.email, "Your weekly security summary")).toHaveLength(1);
  });
});
