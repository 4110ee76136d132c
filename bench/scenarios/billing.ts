import { runBillingYear } from "../../tests/factories/billing-year";
import { createTestApp } from "../../tests/setup/test-app";
import type { Scenario } from "../lib/context";

const round = (n: number) => Math.round(n);

/**
 * A year of renewals for one user (Business plan, $79 a month, a referrer at 10%): twelve months
 * of the sandbox's billing clock, one billing run each (the job's cadence), and the same year
 * through Stripe's renewal webhooks, in process, on the embedded engine and on the PostgreSQL server. The
 * reconciliation is part of the figures: payments, commissions, ledger and balance in cents.
 */
async function year(databaseUrl?: string) {
  // createTestApp opens a fresh database on DATABASE_URL's server when set, else the embedded engine.
  const saved = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  const t = await createTestApp();
  try {
    return await runBillingYear(t);
  } finally {
    await t.close();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

const scenario: Scenario = {
  name: "billing",
  async run() {
    const embedded = await year();
    const server = await year(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
    const reconciled = [embedded, server].every(
      (y) =>
        y.card.commissionCents === y.card.ledgerCents &&
        y.card.ledgerCents === y.card.balanceCents &&
        y.card.commissionCents * 10 === y.card.paidCents &&
        y.sandbox.commissionCents * 10 === y.sandbox.paidCents &&
        y.sandbox.ledgerCents === 0,
    );
    return {
      embeddedSandboxYearMs: round(embedded.sandboxMs),
      embeddedStripeWebhookYearMs: round(embedded.cardMs),
      postgresSandboxYearMs: round(server.sandboxMs),
      postgresStripeWebhookYearMs: round(server.cardMs),
      payments: server.card.payments,
      paidCents: server.card.paidCents,
      commissionCents: server.card.commissionCents,
      ledgerCents: server.card.ledgerCents,
      balanceCents: server.card.balanceCents,
      sandboxHeldCents: server.sandbox.ledgerCents,
      reconciled,
    };
  },
};

export default scenario;
