import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { TCheckoutProvider } from "../../../shared/api/checkout";
import { leadInvoicePagePath, type TPublicLeadInvoice } from "../../../shared/api/lead-sales";
import { isoTime } from "../../db/iso-time";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import type { FulfilOutcome } from "../../payments/fulfil-order";
import type { PaidContext, PaymentEffects } from "../../payments/money-effects";
import type { Payments } from "../../payments/payments";
import { completedCapture } from "../../payments/paypal-client";
import { recordPayment } from "../../payments/record-payment";
import { invoiceNumber, tokenHash } from "./invoice-token";
import type { LeadSales } from "./lead-sales";

type PayableInvoice = {
  id: string;
  number: number;
  month: string;
  status: "open" | "paid" | "void" | "refunded";
  total: string;
  buyer_name: string;
  billing_email: string | null;
};

/** The invoice a pay token opens; a wrong token (or none) is "not found", whatever exists. */
async function invoiceByToken(db: DbOrTx, token: string): Promise<PayableInvoice> {
  const { rows } = await db.execute<PayableInvoice>(sql`
    select i.id, i.number, i.month, i.status, i.total::text as total, b.name as buyer_name, b.billing_email
    from lead_invoices i join lead_buyers b on b.id = i.buyer_id
    where i.token_hash = ${tokenHash(token)}`);
  if (!rows[0]) throw notFound("Invoice");
  return rows[0];
}

/** `GET /api/lead-invoices/{token}`: the invoice and its lines, nothing about any other. */
export async function publicInvoice(db: DbOrTx, token: string): Promise<TPublicLeadInvoice> {
  const invoice = await invoiceByToken(db, token);
  const { rows } = await db.execute<{
    dueAt: string;
    paidAt: string | null;
    lines: TPublicLeadInvoice["lines"];
  }>(sql`
    select ${isoTime(sql`i.due_at`)} as "dueAt", ${isoTime(sql`i.paid_at`)} as "paidAt",
      coalesce((select json_agg(json_build_object('leadId', l.lead_id, 'kind', l.kind,
          'amount', l.amount::text, 'soldAt', ${isoTime(sql`l.sold_at`)}) order by l.kind, l.sold_at, l.lead_id)
        from lead_invoice_lines l where l.invoice_id = i.id), '[]'::json) as lines
    from lead_invoices i where i.id = ${invoice.id}`);
  return {
    number: invoiceNumber(invoice.number),
    buyerName: invoice.buyer_name,
    month: invoice.month,
    status: invoice.status,
    total: invoice.total,
    ...rows[0],
  };
}

function assertOpen(invoice: PayableInvoice): void {
  if (invoice.status === "paid") throw new AppError("CONFLICT", "This invoice has already been paid.");
  if (invoice.status === "void")
    throw new AppError("CONFLICT", "This invoice was voided and cannot be paid.");
  if (invoice.status === "refunded")
    throw new AppError("CONFLICT", "This invoice's payment was refunded; contact us to settle it.");
}

/**
 * `POST /api/lead-invoices/{token}/checkout`: opens the chosen provider's hosted checkout for the
 * invoice's own total (the payer sends a provider, never an amount), through the same providers
 * as every purchase; the payment is fulfilled by the same webhook, capture or sandbox path.
 */
export async function startInvoiceCheckout(
  sales: LeadSales,
  payments: Payments,
  options: { token: string; provider: TCheckoutProvider },
): Promise<{ checkoutUrl: string }> {
  const invoice = await invoiceByToken(sales.db, options.token);
  assertOpen(invoice);
  const { appUrl } = sales.invoices;
  const page = `${appUrl}${leadInvoicePagePath(options.token)}`;
  const api = `/api/lead-invoices/${encodeURIComponent(options.token)}`;
  const provider = payments.checkout(options.provider);
  const number = invoiceNumber(invoice.number);
  return provider
    .createCheckout({
      order: {
        id: invoice.id,
        offerId: "leadInvoice",
        price: invoice.total,
        serviceType: "lead_invoice",
        description: `Invoice ${number}: leads bought in ${invoice.month}`,
      },
      customerEmail: invoice.billing_email ?? "",
      origin: appUrl,
      pages: {
        success: `${page}?paid=1`,
        cancel: `${page}?cancelled=1`,
        paypalReturn: `${appUrl}${api}/paypal-return`,
        sandbox: `${api}/sandbox`,
      },
    })
    .catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      sales.logger.error(
        { err, invoiceId: invoice.id, provider: provider.name },
        "checkout could not be opened",
      );
      throw new AppError("UNAVAILABLE", "The payment provider is unavailable right now. Please try again.");
    });
}

/** The invoice a sandbox page shows: as a service order's page shows an order. */
export async function sandboxInvoice(db: DbOrTx, token: string) {
  const invoice = await invoiceByToken(db, token);
  return {
    id: invoice.id,
    description: `Invoice ${invoiceNumber(invoice.number)}: leads bought in ${invoice.month}`,
    price: invoice.total,
    status: invoice.status === "void" || invoice.status === "refunded" ? "cancelled" : invoice.status,
  };
}

/** An invoice's payment earns nobody a commission: no hold to apply. */
const invoicePaid = (effects: PaymentEffects): PaidContext => ({ commissionHoldDays: 0, effects });

/** The sandbox page's Pay button: the invoice's total, with a fresh sandbox payment id. */
export async function paySandboxInvoice(
  sales: LeadSales,
  options: { token: string; sandboxActive: boolean; effects: PaymentEffects },
): Promise<FulfilOutcome> {
  if (!options.sandboxActive) throw notFound("Test checkout");
  const invoice = await invoiceByToken(sales.db, options.token);
  if (invoice.status === "void" || invoice.status === "refunded") assertOpen(invoice);
  return recordPayment(
    sales.db,
    sales.mailer,
    sales.logger,
    {
      orderId: invoice.id,
      provider: "sandbox",
      providerPaymentId: `sandbox_${randomUUID()}`,
      amountPaid: invoice.total,
    },
    invoicePaid(options.effects),
  );
}

/** The payer is back from PayPal: capture the approved order and fulfil with the capture. */
export async function captureInvoicePayPal(
  sales: LeadSales,
  payments: Payments,
  options: { token: string; paypalOrderId: string; effects: PaymentEffects },
): Promise<FulfilOutcome> {
  const invoice = await invoiceByToken(sales.db, options.token);
  if (invoice.status === "paid") return "already-paid";
  if (!payments.paypal) throw notFound("PayPal checkout");
  const capture = completedCapture(await payments.paypal.captureOrder(options.paypalOrderId));
  if (!capture || capture.customId !== invoice.id) {
    throw new AppError("PAYMENT_FAILED", "PayPal did not complete the payment");
  }
  return recordPayment(
    sales.db,
    sales.mailer,
    sales.logger,
    { orderId: invoice.id, provider: "paypal", providerPaymentId: capture.id, amountPaid: capture.amount },
    invoicePaid(options.effects),
  );
}
