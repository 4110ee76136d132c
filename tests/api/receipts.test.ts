import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { sweepSubscriptions } from "../../server/modules/billing/sweep-subscriptions";
import { paidContext } from "../../server/order-effects/order-effects";
import { RECEIPTS_PATH } from "../../shared/api/billing";
import { pdfText } from "../e2e/read-pdf";
import { downloadReceipt, subscribeInSandbox } from "../factories/billing";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let seller: TestApp;
let plain: TestApp;
beforeAll(async () => {
  seller = await createTestApp({
    env: {
      SELLER_LEGAL_NAME: "ParkPilot Ltd",
      SELLER_ADDRESS: "1 Harbour Street, Bristol BS1 4XE, United Kingdom",
      SELLER_TAX_ID: "GB123456789",
      TAX_RATE_PERCENT: "20",
      TAX_LABEL: "VAT",
    },
  });
  plain = await createTestApp();
});
afterAll(async () => {
  await seller?.close();
  await plain?.close();
});

async function receiptText(agent: Agent, orderId: string): Promise<string> {
  const res = await downloadReceipt(agent, orderId);
  expect(res.status).toBe(200);
  return pdfText(res.body as Buffer);
}

describe("a receipt", () => {
  it("names the configured seller and splits the tax the price includes", async () => {
    const { agent, input } = await signUp(seller.app);
    const { orderId } = await subscribeInSandbox(agent, "pro");

    const text = await receiptText(agent, orderId);

    expect(text).toContain(
      "ParkPilot Ltd\n1 Harbour Street, Bristol BS1 4XE, United Kingdom\nTax ID: GB123456789",
    );
    expect(text).toContain(`Billed to: \n${input.name} <${input.email}>`);
    expect(text).toContain("Net amount: \n$24.17 USD\nVAT (20%): \n$4.83 USD");
    expect(text).toContain("Total paid: $29.00 USD");
    expect(text).toContain("The price includes VAT at 20%.");
  });

  it("of a renewal gives its billing period", async () => {
    const { agent } = await signUp(seller.app);
    const { sub } = await subscribeInSandbox(agent, "pro");
    const now = await moveBillingClock(seller.db, 30 * 86_400);
    await sweepSubscriptions({
      db: seller.db,
      mailer: seller.deps.mailer,
      paid: paidContext(30),
      appUrl: "http://app.test",
      now,
    });
    const receipts = (await agent.get(RECEIPTS_PATH)).body as {
      orderId: string;
      description: string;
    }[];
    const renewal = receipts.find((r) => r.description.includes("renewal"));
    expect(renewal).toBeDefined();

    const text = await receiptText(agent, renewal?.orderId ?? "");

    const start = sub.currentPeriodEnd.slice(0, 10);
    expect(text).toMatch(new RegExp(`Billing period: \\n${start} to \\d{4}-\\d{2}-\\d{2}`));
  });

  it("without seller settings names ParkPilot alone and shows no tax lines", async () => {
    const { agent } = await signUp(plain.app);
    const { orderId } = await subscribeInSandbox(agent, "pro");

    const text = await receiptText(agent, orderId);

    expect(text).toContain("Receipt\nParkPilot\nOrder: ");
    expect(text).not.toMatch(/Tax ID|Net amount|includes/);
    expect(text).toContain("Total paid: $29.00 USD");
  });
});
