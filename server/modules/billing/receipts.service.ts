import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { TReceipt } from "../../../shared/api/billing";
import { serviceOrders, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { newPdfDocument } from "../../lib/pdf-document";
import { type ReceiptIssuer, receiptLines } from "./receipt-lines";

const NOTE_COLORS = { plain: "#334155", danger: "#b91c1c", warning: "#92400e" } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every payment the user made (refunded ones marked), newest first. */
export async function listReceipts(options: { db: Db; userId: string }): Promise<TReceipt[]> {
  const rows = await options.db
    .select()
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.userId, options.userId),
        inArray(serviceOrders.status, ["paid", "refunded", "charged_back"]),
        isNotNull(serviceOrders.paidAt),
      ),
    )
    .orderBy(desc(serviceOrders.paidAt))
    .limit(500);
  return rows.map((o) => ({
    orderId: o.id,
    description: o.description,
    paidAt: (o.paidAt as Date).toISOString(),
    amount: o.price,
    provider: o.provider ?? "",
    status: o.status,
  }));
}

/**
 * One receipt as a PDF (pdfkit, the standard fonts): who sells (the configured legal name,
 * address and tax id), who paid what, when and how, a renewal's billing period, and the tax the
 * price includes when a rate is configured.
 */
export async function receiptPdf(options: {
  db: Db;
  userId: string;
  orderId: string;
  issuer: ReceiptIssuer;
}): Promise<Buffer> {
  if (!UUID.test(options.orderId)) throw notFound("Receipt");
  const [row] = await options.db
    .select({ order: serviceOrders, name: users.name, email: users.email })
    .from(serviceOrders)
    .innerJoin(users, eq(users.id, serviceOrders.userId))
    .where(and(eq(serviceOrders.id, options.orderId), eq(serviceOrders.userId, options.userId)));
  if (!row?.order.paidAt || !["paid", "refunded", "charged_back"].includes(row.order.status))
    throw notFound("Receipt");
  const lines = receiptLines({ order: row.order, buyer: row, issuer: options.issuer });
  const doc = await newPdfDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Receipt ${row.order.id}`, Author: options.issuer.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  doc.fillColor("#047857").font("Helvetica-Bold").fontSize(22).text("ParkPilot");
  doc.moveDown(0.3).fillColor("#0f172a").fontSize(16).text("Receipt");
  doc.moveDown(0.6).font("Helvetica").fontSize(10).fillColor("#334155");
  for (const text of lines.seller) doc.text(text);
  doc.moveDown(1).fillColor("#0f172a").fontSize(11);
  const line = (label: string, value: string) => {
    doc.font("Helvetica-Bold").text(`${label}: `, { continued: true }).font("Helvetica").text(value);
  };
  for (const [label, value] of lines.details) line(label, value);
  doc.moveDown(1);
  for (const [label, value] of lines.totals.slice(0, -1)) line(label, value);
  const [totalLabel, total] = lines.totals[lines.totals.length - 1];
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(14).text(`${totalLabel}: ${total}`);
  doc.font("Helvetica").fontSize(10);
  for (const note of lines.notes) doc.moveDown(0.5).fillColor(NOTE_COLORS[note.tone]).text(note.text);
  doc.end();
  return done;
}
