import { sql } from "drizzle-orm";
import { providerLabel } from "../../../shared/api/checkout";
import { formatUsd, toCents } from "../../../shared/money";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";
import type { FulfilOutcome, Payment, PaymentReversal, RefundOutcome } from "../../payments/money-effects";
import { idKindOf, recordPaymentIds } from "../../payments/payment-ids";
import { recordUnmatchedPayment } from "../../payments/unmatched-payments";
import { endAwaiting } from "../ledger/held-funds";
import { reinstateHeldFunds, reverseHeldFunds } from "../ledger/reverse-credit";
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
  if (replayed.rows.length > 0) return "already-paid";
  // Money no open invoice was waiting for (paid already by another payment, voided, refunded, or
  // another amount) goes back to the buyer (docs/money.md#money-nobody-ordered).
  const unmatched =
    invoice.status === "paid"
      ? "The invoice was already paid by another payment."
      : invoice.status === "void" || invoice.status === "refunded"
        ? `The invoice is ${invoice.status === "void" ? "void" : "refunded"}: it takes no payment.`
        : toCents(payment.amountPaid) !== toCents(invoice.total)
          ? `${formatUsd(payment.amountPaid)} was paid for an invoice of ${formatUsd(invoice.total)}.`
          : null;
  if (unmatched) {
    await recordUnmatchedPayment(tx, payment, { reason: unmatched, invoiceId: payment.orderId });
    return "unmatched";
  }
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
  await recordPaymentIds(tx, {
    provider: payment.provider,
    ids: [
      {
        id: payment.providerPaymentId,
        kind: payment.idKind ?? idKindOf(payment.provider, payment.providerPaymentId),
      },
    ],
    paid: { invoiceId: payment.orderId },
  });
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

/** The owners' shares of the leads an invoice charged, by their credits' source keys. */
async function invoiceShares(tx: Tx, invoiceId: string): Promise<string[]> {
  const leads = await tx.execute<{ lead_id: string }>(sql`
    select lead_id from lead_invoice_lines where invoice_id = ${invoiceId} and kind = 'charge'`);
  return leads.rows.map((l) => leadSourceKey(l.lead_id));
}

/**
 * Money of a lead invoice's payment moved (docs/money.md#buyer-invoices). A refund (any refund:
 * buyers are not refunded in part) or a chargeback means the platform no longer holds that money:
 * the invoice reads `refunded` and the owners' shares of its leads are reversed (a share already
 * paid out leaves a negative balance that later credits repay). A chargeback decided for us gives
 * the shares back and the invoice is paid again; one decided for the buyer changes nothing more.
 * Idempotent; null when the invoice is no lead invoice.
 */
export async function reverseLeadInvoicePayment(
  tx: Tx,
  reversal: PaymentReversal,
  invoiceId: string,
): Promise<RefundOutcome | null> {
  const { rows } = await tx.execute<{ id: string; status: string; month: string }>(sql`
    select id, status, month from lead_invoices where id = ${invoiceId} for update`);
  const invoice = rows[0];
  if (!invoice) return null;
  const { moved } = reversal;
  if (moved.kind === "chargeback-lost") return "chargeback-lost";
  if (moved.kind === "chargeback-won") {
    await tx.execute(
      sql`update lead_invoices set status = 'paid' where id = ${invoice.id} and status = 'refunded'`,
    );
    for (const sourceKey of await invoiceShares(tx, invoice.id))
      await reinstateHeldFunds(tx, {
        sourceKey,
        cause: moved.disputeId,
        reason: `the chargeback of the buyer's invoice for ${invoice.month} was decided for us`,
      });
    return "chargeback-won";
  }
  if (invoice.status !== "paid") return "already-refunded";
  await tx.execute(sql`update lead_invoices set status = 'refunded' where id = ${invoice.id}`);
  const cause =
    moved.kind === "chargeback"
      ? moved.disputeId
      : (moved.refundId ?? `${reversal.provider}:${reversal.eventId}`);
  for (const sourceKey of await invoiceShares(tx, invoice.id)) {
    await reverseHeldFunds(tx, {
      sourceKey,
      cause,
      reason: `the buyer's payment of its invoice for ${invoice.month} was ${moved.kind === "chargeback" ? "charged back" : "refunded"}`,
    });
  }
  return moved.kind === "chargeback" ? "charged-back" : "refunded";
}
