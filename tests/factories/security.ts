import type { Agent } from "supertest";
import { SUBSCRIPTIONS_PATH } from "../../shared/api/billing";
import { OFFERS } from "../../shared/catalog";
import { payInSandbox } from "./billing";

/** Buys Enhanced Security (a level and add-ons) in the sandbox; answers the subscription. */
export async function buySecurity(agent: Agent, features: string[], level = "basic") {
  const price = OFFERS.securityUpgrade.price({ level, features, price: "0" } as never);
  const res = await agent.post(OFFERS.securityUpgrade.path).send({ level, features, price });
  if (res.status !== 201) throw new Error(`security order failed: ${res.status} ${JSON.stringify(res.body)}`);
  await payInSandbox(agent, res.body.orderId);
  const subs = await agent.get(SUBSCRIPTIONS_PATH);
  const sub = (subs.body as { id: string; offer: string; currentPeriodEnd: string }[]).find(
    (s) => s.offer === "securityUpgrade",
  );
  if (!sub) throw new Error(`no security subscription: ${JSON.stringify(subs.body)}`);
  return sub;
}
