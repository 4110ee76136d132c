import type { Agent } from "supertest";
import { ACCOUNT_PLANS, optionById } from "../../shared/catalog";

/** Orders an account plan (a monthly offer) and answers the order id. */
export async function orderAccountPlan(agent: Agent, plan = "business"): Promise<string> {
  const price = optionById(ACCOUNT_PLANS, plan).price;
  const res = await agent.post("/api/settings/account-upgrade").send({ plan, price });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.orderId;
}

/** Pays an order on the sandbox's checkout page (no provider keys: test money). */
export async function payInSandbox(agent: Agent, orderId: string): Promise<void> {
  const res = await agent.post(`/api/checkout/sandbox/${orderId}/pay?provider=stripe`);
  if (res.status !== 303) throw new Error(`sandbox pay failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Subscribes to an account plan in the sandbox and answers the subscription. */
export async function subscribeInSandbox(agent: Agent, plan = "business") {
  const orderId = await orderAccountPlan(agent, plan);
  await payInSandbox(agent, orderId);
  const subs = await agent.get("/api/billing/subscriptions");
  const sub = subs.body.find((s: { option: string }) => s.option.toLowerCase().includes(plan));
  if (!sub) throw new Error(`no subscription: ${JSON.stringify(subs.body)}`);
  return { orderId, sub };
}
