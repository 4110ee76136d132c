import { randomUUID } from "node:crypto";
import type { Express } from "express";
import type { Agent } from "supertest";
import type { Db } from "../../server/db/pool";
import { creditRevenue } from "../../server/modules/ledger/ledger.service";
import { insertDomain } from "./domains";
import { signUp } from "./users";

/** A signed-up buyer with a domain and a pending professional appraisal ($99.99) of it. */
export async function buyerWithPendingOrder(app: Express, db: Db) {
  const account = await signUp(app);
  const domain = await insertDomain(db, account.user.id);
  const orderId = await orderAppraisal(account.agent, domain.id);
  return { ...account, domain, orderId };
}

/** Orders a professional appraisal ($99.99) through the API and returns the order id. */
export async function orderAppraisal(agent: Agent, domainId: string): Promise<string> {
  const res = await agent
    .post("/api/domain-services/appraisal")
    .send({ type: "professional", price: "99.99", domainId });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.orderId;
}

/** Credits `amount` of revenue to the user's ledger, so the balance holds it. */
export async function fundBalance(db: Db, userId: string, amount: string): Promise<void> {
  await creditRevenue(db, [
    { userId, type: "other", amount, description: "Test revenue", sourceKey: `test:${randomUUID()}` },
  ]);
}
