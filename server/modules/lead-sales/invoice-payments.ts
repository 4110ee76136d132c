import { sql } from "drizzle-orm";
import { providerLabel } from "../../../shared/api/checkout";
import { formatUsd, toCents } from "../../../shared/money";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";
import type { FulfilOutcome, Payment, PaymentReversal, RefundOutcome } from "../../payments/on-paid-effects";
import { endAwaiting, reverseHeldFunds } from "../ledger/held-funds";
import { invoiceNumber } from "./invoice-token";
import { leadSourceKey } from "./sell-lead";

/**
 * Fulfilment of a payment whose id is a lead invoice's (listed in `otherPayables` beside the order effects, so every
 * provider's confirmation reaches it through `fulfilOrder`): the invoice becomes paid with the
 * provider's payment id, and the owners' shares of its leads wait only for their holds. Idempotent:
 * a payment id used before, or a paid invoice, changes nothing. Null for any other id.
 */
export async function fulfilLeadInvoice(
  tx: Tx,
  mailer: Mailer,
  payment: Payment,
): Promise<FulfilOutcome | null> {
  const { rows } = await tx.execute<{
    status: string;
    total: string;
    number: number;
    month: string;
    billing_email: string | null;
  }>(sql`
    select i.status, i.total::text as total, i.number, i.month, b.billing_email
    from lead_invoices i join lead_buyers b on b.id = i.buyer_id
    where i.id = ${payment.orderId} for update of i`);
  const invoice = rows[0];
  if (!invoice) return null;
  const replayed = await tx.execute(
    sql`select 1 from lead_invoices where provider_payment_id = ${payment.providerPaymentId}`,
  );
  if (replayed.rows.length > 0 || invoice.status === "paid") return "already-paid";
  // A voided or refunded invoice is not to be paid here: staff settle what came in anyway.
  if (invoice.status === "void" || invoice.status === "refunded") return "unknown-order";
  if (toCents(payment.amountPaid) !== toCents(invoice.total)) return "amount-mismatch";
  await tx.execute(sql`
    update lead_invoices set status = 'paid', provider = ${payment.provider},
      provider_payment_id = ${payment.providerPaymentId}, paid_at = ${(payment.paidAt ?? new Date()).toISOString()}::timestamptz
    where id = ${payment.orderId}`);
  const leads = await tx.execute<{ lead_id: string }>(sql`
    select lead_id from lead_invoice_lines where invoice_id = ${payment.orderId} and kind = 'charge'`);
  await endAwaiting(
    tx,
    leads.rows.map((l) => leadSourceKey(l.lead_id)),
  );
  if (invoice.billing_email) {
    const number = invoiceNumber(invoice.number);
    await mailer.send(tx, {
      to: invoice.billing_email,
      subject: `Payment received: invoice ${number}`,
      body: [
        `We received your payment of ${formatUsd(invoice.total)} for invoice ${number}`,
        `(leads bought in ${invoice.month}), paid with ${providerLabel(payment.provider)}.`,
        `Payment reference: ${payment.providerPaymentId}`,
      ].join("\n"),
    });
  }
  return "fulfilled";
}

/**
 * A provider's refund or chargeback of a lead invoice's payment: the platform no longer holds that
 * money, so the invoice reads `refunded` and the owners' shares of its leads are reversed (a
 * share already paid out leaves a negative balance that later credits repay). Any refund of an
 * invoice payment, whole or in part, takes the whole invoice back: buyers are not refunded in
 * part. Idempotent; null when the payment is no invoice's.
 */
export async function reverseLeadInvoicePayment(
  tx: Tx,
  reversal: PaymentReversal,
): Promise<RefundOutcome | null> {
  const { rows } = await tx.execute<{ id: string; status: string; month: string }>(sql`
    select id, status, month from lead_invoices
    where provider_payment_id = ${reversal.providerPaymentId} for update`);
  const invoice = rows[0];
  if (!invoice) return null;
  if (invoice.status !== "paid") return "already-refunded";
  await tx.execute(sql`update lead_invoices set status = 'refunded' where id = ${invoice.id}`);
  const leads = await tx.execute<{ lead_id: string }>(sql`
    select lead_id from lead_invoice_lines where invoice_id = ${invoice.id} and kind = 'charge'`);
  for (const { lead_id } of leads.rows) {
    await reverseHeldFunds(tx, {
      sourceKey: leadSourceKey(lead_id),
      reason: `the buyer's payment of its invoice for ${invoice.month} was ${reversal.reason === "dispute" ? "disputed" : "refunded"}`,
    });
  }
  return "refunded";
}
