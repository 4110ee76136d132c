import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Express } from "express";
import type { Agent } from "supertest";
import type { Db } from "../../server/db/pool";
import { creditHeldFunds } from "../../server/modules/ledger/held-funds";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { OFFERS } from "../../shared/catalog";
import { PAYOUT_MINIMUM } from "../../shared/prices";
import { payouts } from "../../shared/schema";
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
    .post(OFFERS.appraisal.path)
    .send({ type: "professional", price: "99.99", domainId });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.orderId;
}

/** Credits `amount` of held funds, available at once, so the balance can pay it out. */
export async function fundBalance(db: Db, userId: string, amount: string): Promise<void> {
  await creditHeldFunds(db, {
    userId,
    kind: "commission",
    revenueType: "affiliate",
    amount,
    holdDays: 0,
    description: "Test commission",
    sourceKey: `test:${randomUUID()}`,
  });
}

/** The account's held funds as text: what it can withdraw and what is still pending. */
export async function heldOf(db: Db, userId: string) {
  const { rows } = await db.execute<{ available: string; pending: string }>(
    sql`select available::text, pending::text from balances where user_id = ${userId}`,
  );
  return rows[0];
}

/**
 * Gives the account an earlier payout to `paypalEmail` that completed a month ago, so the next
 * payout to that account under the review threshold goes out at once instead of waiting for
 * staff review as a first payout does. Only the payout's record, no ledger rows, so the balance
 * and the paid-out total stay as the test makes them.
 */
export async function givePayoutHistory(
  db: Db,
  userId: string,
  paypalEmail = "me@wallet.test",
): Promise<void> {
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  await db.insert(payouts).values({
    userId,
    amount: PAYOUT_MINIMUM,
    paypalEmail,
    provider: "sandbox",
    status: "completed",
    createdAt: monthAgo,
    updatedAt: monthAgo,
  });
}

/**
 * Signs a W-8BEN for the account through the API, as a payee outside the US does before the
 * first payout that moves real money (the sandbox needs none).
 */
export async function signTaxForm(agent: Agent): Promise<void> {
  const res = await agent.post(PAYMENT_PATHS.taxForms).send({
    kind: "w8ben",
    legalName: "Test Payee",
    country: "GB",
    address: "1 High Street, London",
    treatyClaim: null,
    signatureName: "Test Payee",
    certified: true,
  });
  if (res.status !== 201) throw new Error(`tax form failed: ${res.status} ${JSON.stringify(res.body)}`);
}
