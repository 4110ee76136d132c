import { sql } from "drizzle-orm";
import type { TLeadBuyerCall, TLeadBuyerInvoice } from "../../../shared/api/lead-buyers";
import { centsToDecimal, toCents } from "../../../shared/money";
import { isoTime } from "../../db/iso-time";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";

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
 * A buyer's monthly invoices (UTC months, newest first): every lead it bought that month at its
 * price; a lead it returned is listed and not charged.
 */
export async function buyerInvoices(db: DbOrTx, buyerId: string): Promise<TLeadBuyerInvoice[]> {
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
    const invoice = months.get(month) ?? { month, leads: [], sold: 0, returned: 0, total: "0.00" };
    invoice.leads.push(lead);
    invoice.sold++;
    if (lead.returnedAt) invoice.returned++;
    else invoice.total = centsToDecimal(toCents(invoice.total) + toCents(lead.price));
    months.set(month, invoice);
  }
  return [...months.values()];
}
