import { providerLabel } from "../../../shared/api/checkout";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import type { ServiceOrder } from "../../../shared/schema";

/** Who sells (SELLER_* settings) and the tax the prices include (TAX_* settings). */
export interface ReceiptIssuer {
  legalName: string;
  address?: string;
  taxId?: string;
  /** Percent as text ("20", "8.875"); unset: no tax lines. */
  taxRatePercent?: string;
  taxLabel: string;
}

export interface ReceiptLines {
  /** The seller's block: legal name first, then the lines that are configured. */
  seller: string[];
  details: [label: string, value: string][];
  /** Net and tax (when a rate is configured), then the total paid, last. */
  totals: [label: string, value: string][];
  notes: { text: string; tone: "plain" | "danger" | "warning" }[];
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The tax contained in a tax-inclusive price, to the cent: catalogue prices are what the buyer
 * pays, so the tax is carved out of the price, never added to it. The rate is kept in
 * thousandths of a percent so the arithmetic stays in integers.
 */
export function includedTaxCents(priceCents: number, ratePercent: string): number {
  const milli = Math.round(Number(ratePercent) * 1000);
  return Math.round((priceCents * milli) / (100_000 + milli));
}

/** What a receipt says, line by line; the PDF only lays it out. */
export function receiptLines(options: {
  order: ServiceOrder;
  buyer: { name: string; email: string };
  issuer: ReceiptIssuer;
}): ReceiptLines {
  const { order, buyer, issuer } = options;
  const seller = [issuer.legalName];
  if (issuer.address) seller.push(issuer.address);
  if (issuer.taxId) seller.push(`Tax ID: ${issuer.taxId}`);

  const details: [string, string][] = [
    ["Order", order.id],
    ["Date", day((order.paidAt as Date).toISOString())],
    ["Billed to", `${buyer.name} <${buyer.email}>`],
    ["Paid with", providerLabel(order.provider ?? "")],
  ];
  if (order.providerPaymentId) details.push(["Payment reference", order.providerPaymentId]);
  details.push(["Item", order.description]);
  const { periodStart, periodEnd } = order.metadata;
  if (order.metadata.kind === "renewal" && typeof periodStart === "string" && typeof periodEnd === "string")
    details.push(["Billing period", `${day(periodStart)} to ${day(periodEnd)}`]);

  const totals: [string, string][] = [];
  const notes: ReceiptLines["notes"] = [];
  if (issuer.taxRatePercent !== undefined) {
    const price = toCents(order.price);
    const tax = includedTaxCents(price, issuer.taxRatePercent);
    const rate = `${Number(issuer.taxRatePercent)}%`;
    totals.push(["Net amount", `${formatUsd(centsToDecimal(price - tax))} USD`]);
    totals.push([`${issuer.taxLabel} (${rate})`, `${formatUsd(centsToDecimal(tax))} USD`]);
    notes.push({ text: `The price includes ${issuer.taxLabel} at ${rate}.`, tone: "plain" });
  }
  totals.push(["Total paid", `${formatUsd(order.price)} USD`]);
  if (order.status === "refunded") notes.push({ text: "This payment was refunded.", tone: "danger" });
  if (order.status === "charged_back")
    notes.push({ text: "This payment was charged back by the bank.", tone: "danger" });
  if (order.provider === "sandbox") notes.push({ text: "Test mode, no money moved.", tone: "warning" });
  return { seller, details, totals, notes };
}
