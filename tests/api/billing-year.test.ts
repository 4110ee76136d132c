import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBillingYear } from "../factories/billing-year";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a year of renewals", () => {
  it("reconciles to the cent: 13 payments of $79, 10% commission on each, held only for real money", async () => {
    const year = await runBillingYear(t);

    // Sandbox: test money. Every payment earns a recorded test commission; nothing is held.
    expect(year.sandbox).toEqual({
      payments: 13,
      paidCents: 13 * 7900,
      commissionCents: 13 * 790,
      ledgerCents: 0,
      balanceCents: 0,
    });
    // Card (Stripe webhooks): each commission is held, and the ledger and the balance agree.
    expect(year.card).toEqual({
      payments: 13,
      paidCents: 13 * 7900,
      commissionCents: 13 * 790,
      ledgerCents: 13 * 790,
      balanceCents: 13 * 790,
    });
    console.log(
      `a year of renewals: sandbox ${year.sandboxMs.toFixed(0)} ms, card webhooks ${year.cardMs.toFixed(0)} ms`,
    );
  });
});
