import type { Agent } from "supertest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { sweepSubscriptions } from "../../server/modules/billing/sweep-subscriptions";
import { paidContext } from "../../server/order-effects/order-effects";
import { SUBSCRIPTIONS_PATH } from "../../shared/api/billing";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { ACCOUNT_PLANS, OFFERS, optionById } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import type { TestApp } from "../setup/test-app";

/** Orders an account plan (a monthly offer) and answers the order id. */
export async function orderAccountPlan(agent: Agent, plan = "business"): Promise<string> {
  const price = optionById(ACCOUNT_PLANS, plan).price;
  const res = await agent.post(OFFERS.accountUpgrade.path).send({ plan, price });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.orderId;
}

/** Pays an order on the sandbox's checkout page (no provider keys: test money). */
export async function payInSandbox(agent: Agent, orderId: string): Promise<void> {
  const res = await agent.post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`);
  if (res.status !== 303) throw new Error(`sandbox pay failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Subscribes to an account plan in the sandbox and answers the subscription. */
export async function subscribeInSandbox(agent: Agent, plan = "business") {
  const orderId = await orderAccountPlan(agent, plan);
  await payInSandbox(agent, orderId);
  const subs = await agent.get(SUBSCRIPTIONS_PATH);
  const sub = subs.body.find((s: { option: string }) => s.option.toLowerCase().includes(plan));
  if (!sub) throw new Error(`no subscription: ${JSON.stringify(subs.body)}`);
  return { orderId, sub };
}

/** Buys the marketing tools `tools` (their price from the catalogue) and pays in the sandbox. */
export async function buyMarketingTools(agent: Agent, tools: string[]): Promise<void> {
  const totalPrice = OFFERS.marketingTools.quote({ tools, totalPrice: "0" }).price;
  const res = await agent.post(OFFERS.marketingTools.path).send({ tools, totalPrice });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
  await payInSandbox(agent, res.body.orderId);
}

/** Moves the billing clock 31 days on and runs the billing sweep as its job does: subscriptions renew or lapse. */
export async function sweepAMonthLater(t: TestApp, appUrl = t.deps.config.appUrl): Promise<void> {
  const now = await moveBillingClock(t.db, 31 * 86_400);
  await sweepSubscriptions({
    db: t.db,
    mailer: t.deps.mailer,
    paid: paidContext(30),
    appUrl,
    now,
  });
}

/** The receipt PDF of a paid order, downloaded by its buyer. */
export function downloadReceipt(agent: Agent, orderId: string) {
  return agent
    .get(`/api/billing/receipts/${orderId}.pdf`)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => cb(null, Buffer.concat(chunks)));
    });
}
