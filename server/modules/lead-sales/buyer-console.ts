import { sql } from "drizzle-orm";
import type { TLeadBuyerCall, TLeadBuyerInvoice } from "../../../shared/api/lead-sales";
import { centsToDecimal, toCents } from "../../../shared/money";
import { isoTime } from "../../db/iso-time";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { reverseHeldFunds } from "../ledger/reverse-credit";
import { invoiceColumns, issuedInvoice } from "./issue-invoice";
import type { LeadSales } from "./lead-sales";
import { leadSourceKey } from "./sell-lead";

/** A buyer's latest answers and errors, newest first. */
export async function buyerCalls(db: DbOrTx, buyerId: string, limit = 100): Promise<TLeadBuyerCall[]> {
  const { rows } = await db.execute<TLeadBuyerCall & Record<string, unknown>>(sql`
    select id, lead_id as "leadId", kind, outcome, bid::text as bid, detail, duration_ms as "durationMs",
      ${isoTime(sql`created_at`)} as "createdAt"
    from lead_buyer_calls where buyer_id = ${buyerId}
    order by created_at desc, id desc limit ${limit}
  `);
  return rows;
}

/**
 * A buyer's months (UTC, newest first): every lead it bought that month at its price (a lead it
 * returned is listed and not charged), and the month's invoice once issued.
 */
export async function buyerInvoices(sales: LeadSales, buyerId: string): Promise<TLeadBuyerInvoice[]> {
  const { db } = sales;
  const found = await db.execute(sql`select 1 from lead_buyers where id = ${buyerId}`);
  if (found.rows.length === 0) throw notFound("Buyer");
  const { rows } = await db.execute<{
    month: string;
    leadId: string;
    soldAt: string;
    price: string;
    returnedAt: string | null;
  }>(sql`
    select to_char(sold_at at time zone 'UTC', 'YYYY-MM') as month, id as "leadId",
      ${isoTime(sql`sold_at`)} as "soldAt", sale_price::text as price, ${isoTime(sql`returned_at`)} as "returnedAt"
    from leads where buyer_id = ${buyerId} and sale_status = 'sold'
    order by sold_at desc limit 10000
  `);
  const months = new Map<string, TLeadBuyerInvoice>();
  for (const { month, ...lead } of rows) {
    const invoice = months.get(month) ?? {
      month,
      leads: [],
      sold: 0,
      returned: 0,
      total: "0.00",
      invoice: null,
    };
    invoice.leads.push(lead);
    invoice.sold++;
    if (lead.returnedAt) invoice.returned++;
    else invoice.total = centsToDecimal(toCents(invoice.total) + toCents(lead.price));
    months.set(month, invoice);
  }
  const issued = await db.execute<Parameters<typeof issuedInvoice>[1] & Record<string, unknown>>(sql`
    select ${invoiceColumns} from lead_invoices i where i.buyer_id = ${buyerId}`);
  for (const row of issued.rows) {
    const month = months.get(row.month);
    if (month) month.invoice = issuedInvoice(sales, row);
  }
  return [...months.values()];
}

/**
 * Staff void an open invoice: the buyer will not pay for its leads, so the platform receives
 * nothing for them and their owners' shares are reversed (docs/money.md#buyer-invoices). Its
 * credits are free to go on the next invoice. A paid invoice is refunded, not voided.
 */
export async function voidInvoice(sales: LeadSales, buyerId: string, invoiceId: string): Promise<void> {
  await sales.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: string; month: string }>(sql`
      select status, month from lead_invoices where id = ${invoiceId} and buyer_id = ${buyerId} for update`);
    const invoice = rows[0];
    if (!invoice) throw notFound("Invoice");
    if (invoice.status === "void") return;
    if (invoice.status === "paid") {
      throw new AppError("CONFLICT", "A paid invoice cannot be voided; refund its payment instead.");
    }
    await tx.execute(
      sql`update lead_invoices set status = 'void', voided_at = now() where id = ${invoiceId}`,
    );
    const leads = await tx.execute<{ lead_id: string }>(sql`
      select lead_id from lead_invoice_lines where invoice_id = ${invoiceId} and kind = 'charge'`);
    for (const { lead_id } of leads.rows) {
      await reverseHeldFunds(tx, {
        sourceKey: leadSourceKey(lead_id),
        cause: `invoice-void:${invoiceId}`,
        reason: `the buyer's invoice for ${invoice.month} was voided`,
      });
    }
  });
}
