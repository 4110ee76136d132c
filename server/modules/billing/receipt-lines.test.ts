import { describe, expect, it } from "vitest";
import type { ServiceOrder } from "../../../shared/schema";
import { includedTaxCents, receiptLines } from "./receipt-lines";

const order = (overrides: Partial<ServiceOrder> = {}): ServiceOrder => ({
  id: "6f1c3a55-8a43-4b8e-9d0e-0a7f1f3e2b11",
  userId: "a1b2c3d4-0000-4000-8000-000000000001",
  domainId: null,
  offerId: "pro",
  serviceType: "pro",
  description: "ParkPilot Pro",
  price: "120.00",
  status: "paid",
  metadata: {},
  provider: "stripe",
  providerPaymentId: "pi_123",
  payer: null,
  paidAt: new Date("2026-11-02T10:00:00Z"),
  refundedAt: null,
  createdAt: new Date("2026-11-02T09:59:00Z"),
  ...overrides,
});
const buyer = { name: "Dana Owner", email: "dana@example.com" };
const bare = { legalName: "ParkPilot", taxLabel: "Tax" };

describe("the tax a price includes", () => {
  it("is carved out of the price to the cent, never added to it", () => {
    expect(includedTaxCents(12_000, "20")).toBe(2_000);
    expect(includedTaxCents(9_999, "8.875")).toBe(815);
    expect(includedTaxCents(2_900, "0")).toBe(0);
  });
});

describe("a receipt's lines", () => {
  it("name the seller by legal name alone when no address or tax id is configured, and show no tax", () => {
    const lines = receiptLines({ order: order(), buyer, issuer: bare });

    expect(lines.seller).toEqual(["ParkPilot"]);
    expect(lines.totals).toEqual([["Total paid", "$120.00 USD"]]);
    expect(lines.details.map(([label]) => label)).not.toContain("Billing period");
  });

  it("name the seller's address and tax id, and split a tax-inclusive total into net and tax", () => {
    const lines = receiptLines({
      order: order(),
      buyer,
      issuer: {
        legalName: "ParkPilot Ltd",
        address: "1 Harbour Street, Bristol BS1 4XE, United Kingdom",
        taxId: "GB123456789",
        taxRatePercent: "20",
        taxLabel: "VAT",
      },
    });

    expect(lines.seller).toEqual([
      "ParkPilot Ltd",
      "1 Harbour Street, Bristol BS1 4XE, United Kingdom",
      "Tax ID: GB123456789",
    ]);
    expect(lines.totals).toEqual([
      ["Net amount", "$100.00 USD"],
      ["VAT (20%)", "$20.00 USD"],
      ["Total paid", "$120.00 USD"],
    ]);
    expect(lines.notes).toContainEqual({ text: "The price includes VAT at 20%.", tone: "plain" });
  });

  it("give a renewal its billing period, and mark a refunded sandbox payment", () => {
    const lines = receiptLines({
      order: order({
        status: "refunded",
        provider: "sandbox",
        metadata: {
          kind: "renewal",
          periodStart: "2026-11-02T10:00:00.000Z",
          periodEnd: "2026-12-02T10:00:00.000Z",
        },
      }),
      buyer,
      issuer: bare,
    });

    expect(lines.details).toContainEqual(["Billing period", "2026-11-02 to 2026-12-02"]);
    expect(lines.notes.map((n) => n.tone)).toEqual(["danger", "warning"]);
  });
});
