import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { fundBalance } from "../factories/payments";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Makes the user's sign-in older than the ten minutes that cover payout changes. */
const ageSignIn = (userId: string) =>
  t.db.execute(
    sql`update session set sess = jsonb_set(sess::jsonb, '{authAt}', '0')::json where sess->>'userId' = ${userId}`,
  );

const auditEvents = async (userId: string) =>
  (
    await t.db.execute<{ event: string; detail: Record<string, unknown> }>(
      sql`select event, detail from audit_log where user_id = ${userId} order by created_at`,
    )
  ).rows;

describe("payouts and payout settings ask for the password again", () => {
  it("asks before changing payout settings on an old sign-in, then saves and logs the change", async () => {
    const { agent, user, input } = await signUp(t.app);
    await ageSignIn(user.id);
    const settings = { minPayout: 75, payoutFrequency: "monthly", autoPayout: false };
    const refused = await agent.put(PAYMENT_PATHS.settings).send(settings);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("REAUTH_REQUIRED");
    expect((await agent.get(PAYMENT_PATHS.settings)).body.minPayout).toBe("50.00");

    expect((await agent.post(SECURITY_PATHS.reauthenticate).send({ password: input.password })).status).toBe(
      200,
    );
    expect((await agent.put(PAYMENT_PATHS.settings).send(settings)).status).toBe(200);
    expect(await auditEvents(user.id)).toContainEqual({
      event: "payout_settings_changed",
      detail: { ...settings, minPayout: "75.00" },
    });
  });

  it("asks before a payout above the user's usual amount, but not for one within it", async () => {
    const { agent, user, input } = await signUp(t.app);
    await fundBalance(t.db, user.id, "500.00");
    const first = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "100.00", paypalEmail: "me@wallet.test" });
    expect(first.status).toBe(201);

    await ageSignIn(user.id);
    const usual = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "80.00", paypalEmail: "me@wallet.test" });
    expect(usual.status).toBe(201);
    const larger = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "250.00", paypalEmail: "me@wallet.test" });
    expect(larger.status).toBe(403);
    expect(larger.body.code).toBe("REAUTH_REQUIRED");

    await agent.post(SECURITY_PATHS.reauthenticate).send({ password: input.password });
    expect(
      (await agent.post(PAYMENT_PATHS.payout).send({ amount: "250.00", paypalEmail: "me@wallet.test" }))
        .status,
    ).toBe(201);
    const payouts = (await auditEvents(user.id)).filter((e) => e.event === "payout_requested");
    expect(payouts.map((e) => e.detail.amount)).toEqual(["100.00", "80.00", "250.00"]);
  });

  it("asks before a first payout when the sign-in is old", async () => {
    const { agent, user } = await signUp(t.app);
    await fundBalance(t.db, user.id, "100.00");
    await ageSignIn(user.id);
    const res = await agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "60.00", paypalEmail: "me@wallet.test" });
    expect(res.body.code).toBe("REAUTH_REQUIRED");
  });
});
