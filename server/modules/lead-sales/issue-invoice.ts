import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { TIssuedLeadInvoice } from "../../../shared/api/lead-sales";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import { leadInvoiceLines, leadInvoices } from "../../../shared/schema";
import { isoTime } from "../../db/iso-time";
import type { Tx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { endAwaiting } from "../ledger/held-funds";
import { invoiceNumber, invoicePayUrl, invoiceToken, tokenHash } from "./invoice-token";
import type { LeadSales } from "./lead-sales";
import { leadSourceKey } from "./sell-lead";

/** Days a buyer has to pay an invoice. */
export const INVOICE_DUE_DAYS = 15;
const DAY_MS = 86_400_000;

/** The UTC month before `now`'s, "2026-10". */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

type InvoiceRow = {
  id: string;
  number: number;
  month: string;
  status: "open" | "paid" | "void" | "refunded";
  total: string;
  charged: number;
  credited: number;
  dueAt: string;
  paidAt: string | null;
  provider: string | null;
  providerPaymentId: string | null;
  createdAt: string;
};

/** The columns of an invoice as the console reads them (`i` is lead_invoices). */
export const invoiceColumns = sql`i.id, i.number, i.month, i.status, i.total::text as total,
  (select count(*)::int from lead_invoice_lines l where l.invoice_id = i.id and l.kind = 'charge') as charged,
  (select count(*)::int from lead_invoice_lines l where l.invoice_id = i.id and l.kind = 'credit') as credited,
  ${isoTime(sql`i.due_at`)} as "dueAt", ${isoTime(sql`i.paid_at`)} as "paidAt",
  i.provider, i.provider_payment_id as "providerPaymentId", ${isoTime(sql`i.created_at`)} as "createdAt"`;

/** An invoice row as the console shows it, with its pay link. */
export const issuedInvoice = (sales: LeadSales, row: InvoiceRow): TIssuedLeadInvoice => ({
  ...row,
  number: invoiceNumber(row.number),
  payUrl: invoicePayUrl(sales.invoices, row.id),
});

async function invoiceOf(tx: Tx, buyerId: string, month: string): Promise<InvoiceRow | undefined> {
  const { rows } = await tx.execute<InvoiceRow>(sql`
    select ${invoiceColumns} from lead_invoices i where i.buyer_id = ${buyerId} and i.month = ${month}`);
  return rows[0];
}

/**
 * Issues a buyer's invoice for a closed UTC month (docs/money.md#buyer-invoices), once: the leads
 * it bought that month and kept, at their prices, less a credit for each lead returned after the
 * invoice that charged it (credits beyond the charges wait for the next invoice). Mailed to the
 * buyer's billing email with its pay link. Issuing the month again answers the invoice issued.
 * An invoice whose credits cover it is settled at once. Null when there is nothing to charge.
 */
export async function issueInvoice(
  sales: LeadSales,
  options: { buyerId: string; month: string; staffId?: string; now?: Date },
): Promise<{ invoice: TIssuedLeadInvoice; created: boolean } | null> {
  const { buyerId, month } = options;
  const now = options.now ?? new Date();
  if (month >= now.toISOString().slice(0, 7)) {
    throw new AppError("UNPROCESSABLE", "Only a month that has ended can be invoiced");
  }
  return sales.db.transaction(async (tx) => {
    const buyers = await tx.execute<{ name: string; billing_email: string | null }>(
      sql`select name, billing_email from lead_buyers where id = ${buyerId}`,
    );
    const buyer = buyers.rows[0];
    if (!buyer) throw notFound("Buyer");
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-invoice:${buyerId}`}))`);
    const existing = await invoiceOf(tx, buyerId, month);
    if (existing) return { invoice: issuedInvoice(sales, existing), created: false };

    const charges = await tx.execute<{ id: string; price: string; sold_at: string }>(sql`
      select l.id, l.sale_price::text as price, ${isoTime(sql`l.sold_at`)} as sold_at from leads l
      where l.buyer_id = ${buyerId} and l.sale_status = 'sold' and l.returned_at is null
        and to_char(l.sold_at at time zone 'UTC', 'YYYY-MM') = ${month}
        and not exists (select 1 from lead_invoice_lines x where x.lead_id = l.id and x.kind = 'charge')
      order by l.sold_at, l.id`);
    if (charges.rows.length === 0) return null;
    // Returned after an invoice the buyer paid charged them (money the platform holds), and not
    // credited on another yet; a return from an unpaid invoice waits until that one is paid.
    const returned = await tx.execute<{ id: string; price: string; sold_at: string }>(sql`
      select l.id, c.amount::text as price, ${isoTime(sql`l.sold_at`)} as sold_at from leads l
      join lead_invoice_lines c on c.lead_id = l.id and c.kind = 'charge'
      join lead_invoices ci on ci.id = c.invoice_id and ci.status = 'paid'
      where l.buyer_id = ${buyerId} and l.returned_at is not null
        and not exists (select 1 from lead_invoice_lines x join lead_invoices xi on xi.id = x.invoice_id
          where x.lead_id = l.id and x.kind = 'credit' and xi.status <> 'void')
      order by l.returned_at, l.id`);
    let cents = charges.rows.reduce((sum, lead) => sum + toCents(lead.price), 0);
    const credits = [];
    for (const lead of returned.rows) {
      if (toCents(lead.price) > cents) continue;
      cents -= toCents(lead.price);
      credits.push(lead);
    }
    const id = randomUUID();
    const total = centsToDecimal(cents);
    const settled = cents === 0;
    await tx.insert(leadInvoices).values({
      id,
      buyerId,
      month,
      total,
      status: settled ? "paid" : "open",
      dueAt: new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS),
      tokenHash: tokenHash(invoiceToken(sales.invoices, id)),
      issuedBy: options.staffId ?? null,
      provider: settled ? "credit" : null,
      paidAt: settled ? now : null,
    });
    await tx.insert(leadInvoiceLines).values([
      ...charges.rows.map((lead) => ({
        invoiceId: id,
        leadId: lead.id,
        kind: "charge",
        amount: lead.price,
        soldAt: new Date(lead.sold_at),
      })),
      ...credits.map((lead) => ({
        invoiceId: id,
        leadId: lead.id,
        kind: "credit",
        amount: `-${lead.price}`,
        soldAt: new Date(lead.sold_at),
      })),
    ]);
    if (settled)
      await endAwaiting(
        tx,
        charges.rows.map((lead) => leadSourceKey(lead.id)),
      );
    const invoice = issuedInvoice(sales, (await invoiceOf(tx, buyerId, month)) as InvoiceRow);
    if (buyer.billing_email && !settled) {
      await sales.mailer.send(tx, {
        to: buyer.billing_email,
        subject: `Invoice ${invoice.number}: ${formatUsd(total)} for leads bought in ${month}`,
        body: [
          `Hello ${buyer.name},`,
          "",
          `Invoice ${invoice.number} is for the ${charges.rows.length} leads you bought and kept in ${month}` +
            (credits.length > 0 ? `, less ${credits.length} returned after an earlier invoice.` : "."),
          `Total: ${formatUsd(total)}, due by ${invoice.dueAt.slice(0, 10)}.`,
          "",
          `See its leads and pay it here: ${invoice.payUrl}`,
        ].join("\n"),
      });
    }
    return { invoice, created: true };
  });
}

/**
 * The monthly run: every buyer that bought leads in the month before `now` is invoiced for it
 * (once; a second run issues nothing new).
 */
export async function issueMonthlyInvoices(
  sales: LeadSales,
  options: { now?: Date } = {},
): Promise<{ month: string; issued: number }> {
  const now = options.now ?? new Date();
  const month = previousMonth(now);
  const { rows } = await sales.db.execute<{ buyer_id: string }>(sql`
    select distinct buyer_id from leads
    where buyer_id is not null and sale_status = 'sold'
      and to_char(sold_at at time zone 'UTC', 'YYYY-MM') = ${month}`);
  let issued = 0;
  for (const { buyer_id } of rows) {
    const result = await issueInvoice(sales, { buyerId: buyer_id, month, now });
    if (result?.created) issued++;
  }
  return { month, issued };
}
