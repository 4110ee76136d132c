import type { Agent } from "supertest";
import { OFFERS } from "../../shared/catalog";
import { payInSandbox } from "./billing";

/** Buys marketing tools (e.g. "landing-page-builder", "split-testing") in the sandbox. */
export async function buyMarketingTools(agent: Agent, tools: string[]): Promise<void> {
  const totalPrice = OFFERS.marketingTools.price({ tools, totalPrice: "0" } as never);
  const res = await agent.post(OFFERS.marketingTools.path).send({ tools, totalPrice });
  if (res.status !== 201)
    throw new Error(`marketing tools order failed: ${res.status} ${JSON.stringify(res.body)}`);
  await payInSandbox(agent, res.body.orderId);
}
