import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { referralCodeOf } from "../factories/affiliates";
import { insertDomain } from "../factories/domains";
import { heldOf, orderAppraisal } from "../factories/payments";
import { userInput } from "../factories/users";
import { paidCheckoutSession, signedStripeEvent } from "../factories/webhooks";
import { startFakeStripe } from "../setup/fake-stripe";
import { createTestAppWith, type TestApp } from "../setup/test-app";

/**
 * A second account of the referrer earns no commission on its own purchases (docs/security.md):
 * the referral is refused when it registers from the referrer's device or public network, and a
 * commission is refused when the referral pays with a card that also paid for the referrer.
 * Requests come through a proxy (`TRUST_PROXY`) that names each client's address.
 */
const SECRET = "whsec_test_self_referral";
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  ({ t, stripe } = await createTestAppWith({ stripe: startFakeStripe }, (fakes) => ({
    ...fakes.stripe.env(SECRET),
    TRUST_PROXY: "loopback",
  })));
});
afterAll(() => t.close());

/** A new account registered from `address` (a browser of its own), with a referral code. */
async function registerFrom(address: string, referralCode?: string) {
  const agent = request.agent(t.app);
  const input = userInput(referralCode ? { referralCode } : {});
  const res = await agent.post(AUTH_PATHS.register).set("X-Forwarded-For", address).send(input);
  expect(res.status).toBe(201);
  return { agent, user: res.body.user as { id: string } };
}

const referrerOf = async (userId: string) =>
  (
    await t.db.execute<{ referred_by: string | null }>(
      sql`select referred_by from users where id = ${userId}`,
    )
  ).rows[0].referred_by;

const flagsOf = async (userId: string) =>
  (
    await t.db.execute<{ reason: string }>(
      sql`select detail->>'reason' as reason from audit_log where event = 'self_referral_refused' and user_id = ${userId}`,
    )
  ).rows.map((r) => r.reason);

let sequence = 0;
/** Pays an order by card (the card's Stripe fingerprint) as Stripe's signed webhook says. */
async function payWithCard(orderId: string, cents: number, card: string) {
  const intent = `pi_self_${++sequence}_${Math.random().toString(36).slice(2, 10)}`;
  stripe.payWithCard(intent, card);
  const session = { ...paidCheckoutSession(orderId, cents, intent), id: `cs_self_${sequence}` };
  const res = await signedStripeEvent(t.app, SECRET, "checkout.session.completed", session, {
    created: Math.floor(Date.now() / 1000) + sequence,
  });
  expect(res.status).toBe(200);
}

async function buyAppraisalWithCard(account: { agent: request.Agent; user: { id: string } }, card: string) {
  const domain = await insertDomain(t.db, account.user.id);
  await payWithCard(await orderAppraisal(account.agent, domain.id), 9999, card);
}

describe("self-referral", () => {
  it("refuses a referral registered from the referrer's public network, and flags both accounts", async () => {
    const referrer = await registerFrom("81.2.69.10");
    const code = await referralCodeOf(t.db, referrer.user.id);

    const second = await registerFrom("81.2.69.200", code);
    expect(await referrerOf(second.user.id)).toBeNull();
    expect(await flagsOf(referrer.user.id)).toEqual(["same network"]);
    expect(await flagsOf(second.user.id)).toEqual(["same network"]);

    // Another network is somebody else, and so is an address that names no network on the internet.
    const neighbour = await registerFrom("93.184.216.34", code);
    expect(await referrerOf(neighbour.user.id)).toBe(referrer.user.id);
    const behindProxy = await registerFrom("10.1.2.3", code);
    expect(await referrerOf(behindProxy.user.id)).toBe(referrer.user.id);
  });

  it("earns no commission on a referral's order paid with a card that paid for the referrer", async () => {
    const referrer = await registerFrom("81.2.70.10");
    const code = await referralCodeOf(t.db, referrer.user.id);
    const second = await registerFrom("93.184.217.5", code);
    const stranger = await registerFrom("93.184.218.5", code);
    expect(await referrerOf(second.user.id)).toBe(referrer.user.id);

    await buyAppraisalWithCard(referrer, "fp_referrers_card");
    await buyAppraisalWithCard(second, "fp_referrers_card");
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "0.00" });
    expect(await flagsOf(referrer.user.id)).toEqual(["same payment method"]);
    expect(await flagsOf(second.user.id)).toEqual(["same payment method"]);

    // A referral paying with a card of their own earns the referrer the commission as ever (5% of $99.99).
    await buyAppraisalWithCard(stranger, "fp_strangers_card");
    expect(await heldOf(t.db, referrer.user.id)).toEqual({ available: "0.00", pending: "5.00" });
  });
});
