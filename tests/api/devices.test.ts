import { and, desc, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILED_SIGN_INS_ALERT } from "../../server/modules/auth/threat-alerts";
import { DEVICE_PATHS } from "../../shared/api/auth/devices";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { BILLING_PATHS } from "../../shared/api/billing";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { accountEvents, mailOutbox } from "../../shared/schema";
import { createApiKey, grantApiPlan } from "../factories/api-keys";
import { sweepAMonthLater } from "../factories/billing";
import { fundBalance, givePayoutHistory } from "../factories/payments";
import { buySecurity } from "../factories/security";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * Device management (devices named, revoked, a new device waiting for approval by the mailed
 * link or by a signed-in device) and threat monitoring's alerts, through the real sign-in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof signUp>>;

/** A browser that never signed in to the account: a new device. */
async function signInFromNewDevice(
  account: Account,
  userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
) {
  const device = request.agent(t.app);
  const res = await device
    .post(AUTH_PATHS.login)
    .set("User-Agent", userAgent)
    .send({ usernameOrEmail: account.input.email, password: account.input.password });
  return { device, res };
}

async function lastMailTo(email: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

const linkToken = (body: string) => /approve-device\?token=([\w-]+)/.exec(body)?.[1];

describe("devices", () => {
  it("lists the devices the account signed in on, this one first; managing them needs the add-on", async () => {
    const owner = await signUp(t.app);
    await signInFromNewDevice(owner);
    const list = await owner.agent.get(DEVICE_PATHS.devices);
    expect(list.status).toBe(200);
    expect(list.body.manage).toBe(false);
    expect(list.body.devices).toHaveLength(2);
    expect(list.body.devices[0].current).toBe(true);
    expect(list.body.devices[1]).toMatchObject({ current: false, approved: true, name: "Firefox on Linux" });

    const other = list.body.devices[1].id;
    for (const res of [
      await owner.agent.patch(pathTo(DEVICE_PATHS.device, { id: other })).send({ name: "Laptop" }),
      await owner.agent.delete(pathTo(DEVICE_PATHS.device, { id: other })),
      await owner.agent.post(pathTo(DEVICE_PATHS.approve, { id: other })),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toContain("the Device Management add-on of Enhanced Security");
    }
  });

  it("holds a new device's sign-in until the mailed link approves it, then signs it in", async () => {
    const owner = await signUp(t.app);
    await buySecurity(owner.agent, ["device-management"]);

    const { device, res } = await signInFromNewDevice(owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deviceApprovalRequired: true });
    expect((await device.get(AUTH_PATHS.me)).status).toBe(401);
    expect((await device.post(DEVICE_PATHS.approval)).body).toEqual({ approved: false });

    const mail = await lastMailTo(owner.input.email);
    expect(mail.subject).toBe("Approve a sign-in to your ParkPilot account");
    expect(mail.body).toContain("Firefox on Linux");
    const token = linkToken(mail.body);
    expect(token).toBeTruthy();

    // The link's page posts the token, from anywhere (the email may be read on a phone).
    expect((await request(t.app).post(DEVICE_PATHS.approveByLink).send({ token })).body).toEqual({
      approved: true,
    });
    const again = await request(t.app).post(DEVICE_PATHS.approveByLink).send({ token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This approval link is invalid or has expired.");

    const approved = await device.post(DEVICE_PATHS.approval);
    expect(approved.status).toBe(200);
    expect(approved.body.approved).toBe(true);
    expect(approved.body.user.email).toBe(owner.input.email);
    expect((await device.get(AUTH_PATHS.me)).status).toBe(200);

    // Trusted now: the next sign-in from it goes straight in.
    await device.post(AUTH_PATHS.logout);
    const next = await device
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: owner.input.email, password: owner.input.password });
    expect(next.body.user?.email).toBe(owner.input.email);
  });

  it("lets a signed-in device approve a waiting one, and revoking a device ends its sessions", async () => {
    const owner = await signUp(t.app);
    await buySecurity(owner.agent, ["device-management"]);
    const { device, res } = await signInFromNewDevice(owner);
    expect(res.body.deviceApprovalRequired).toBe(true);

    const waiting = (await owner.agent.get(DEVICE_PATHS.devices)).body.devices.find(
      (d: { approved: boolean }) => !d.approved,
    );
    expect(waiting).toMatchObject({ name: "Firefox on Linux", current: false });
    const stranger = await signUp(t.app);
    await buySecurity(stranger.agent, ["device-management"]);
    expect((await stranger.agent.post(pathTo(DEVICE_PATHS.approve, { id: waiting.id }))).status).toBe(404);
    expect((await device.post(DEVICE_PATHS.approval)).body.approved).toBe(false);

    expect((await owner.agent.post(pathTo(DEVICE_PATHS.approve, { id: waiting.id }))).status).toBe(200);
    expect((await device.post(DEVICE_PATHS.approval)).body.approved).toBe(true);

    const renamed = await owner.agent
      .patch(pathTo(DEVICE_PATHS.device, { id: waiting.id }))
      .send({ name: "Work laptop" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.devices.find((d: { id: string }) => d.id === waiting.id).name).toBe("Work laptop");
    expect(
      (await owner.agent.patch(pathTo(DEVICE_PATHS.device, { id: waiting.id })).send({ name: " " })).status,
    ).toBe(400);

    const revoked = await owner.agent.delete(pathTo(DEVICE_PATHS.device, { id: waiting.id }));
    expect(revoked.body).toEqual({ endedSessions: 1, current: false });
    expect((await device.get(AUTH_PATHS.me)).status).toBe(401);
    expect((await owner.agent.get(AUTH_PATHS.me)).status).toBe(200);
    // Forgotten: signing in from it again waits for approval again.
    const back = await device
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: owner.input.email, password: owner.input.password });
    expect(back.body).toEqual({ deviceApprovalRequired: true });
  });

  it("a lockdown refuses every device still waiting for approval", async () => {
    const owner = await signUp(t.app);
    await buySecurity(owner.agent, ["device-management", "incident-response"]);
    const { device, res } = await signInFromNewDevice(owner);
    expect(res.body.deviceApprovalRequired).toBe(true);
    expect((await owner.agent.post(SECURITY_PATHS.lockdown)).status).toBe(200);
    const poll = await device.post(DEVICE_PATHS.approval);
    expect(poll.status).toBe(401);
    expect(poll.body.message).toBe("Your sign-in has expired. Please sign in again.");
    const devices = (await owner.agent.get(DEVICE_PATHS.devices)).body.devices as { approved: boolean }[];
    expect(devices.every((d) => d.approved)).toBe(true);
  });

  it("asks no approval once the add-on has ended", async () => {
    const owner = await signUp(t.app);
    const sub = await buySecurity(owner.agent, ["device-management"]);
    expect((await owner.agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: sub.id }))).status).toBe(
      200,
    );
    await sweepAMonthLater(t);
    const { res } = await signInFromNewDevice(owner);
    expect(res.body.user?.email).toBe(owner.input.email);
  });
});

describe("threat monitoring", () => {
  const alertsOf = (userId: string) =>
    t.db
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, userId), eq(accountEvents.kind, "security_alert")));

  it("alerts in the activity and by email on a new device and on repeated failed sign-ins", async () => {
    const owner = await signUp(t.app);
    await signInFromNewDevice(owner);
    expect(await alertsOf(owner.user.id)).toHaveLength(0);

    await buySecurity(owner.agent, ["threat-monitoring"]);
    await signInFromNewDevice(owner, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1");
    let alerts = await alertsOf(owner.user.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].description).toContain("signed in from a new device: Safari on iOS");
    expect((await lastMailTo(owner.input.email)).subject).toBe("Security alert: sign-in from a new device");

    for (let i = 0; i < FAILED_SIGN_INS_ALERT + 1; i++) {
      await request(t.app)
        .post(AUTH_PATHS.login)
        .send({ usernameOrEmail: owner.input.email, password: "wrong-password-here" });
    }
    alerts = await alertsOf(owner.user.id);
    expect(alerts).toHaveLength(2);
    expect(alerts.map((a) => a.description).join()).toContain(`${FAILED_SIGN_INS_ALERT} sign-in attempts`);

    await grantApiPlan(t.db, owner.user.id, null);
    const key = await createApiKey(owner.agent);
    alerts = await alertsOf(owner.user.id);
    expect(alerts).toHaveLength(3);
    expect(alerts.map((a) => a.description).join()).toContain(`A new API key "${key.name}"`);

    // A payout to another PayPal account than the last one (held for review besides).
    await givePayoutHistory(t.db, owner.user.id, "usual@wallet.test");
    await fundBalance(t.db, owner.user.id, "200.00");
    const payout = await owner.agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: 60, paypalEmail: "new@wallet.test" });
    expect(payout.status).toBe(201);
    alerts = await alertsOf(owner.user.id);
    expect(alerts).toHaveLength(4);
    expect(alerts.map((a) => a.description).join()).toContain("to new@wallet.test, a PayPal account");
    expect((await lastMailTo(owner.input.email)).subject).toBe(
      "Security alert: payout to a new PayPal account",
    );
  });
});
