import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import PDFDocument from "pdfkit";
import type { TReceipt } from "../../../shared/api/billing";
import { providerLabel } from "../../../shared/api/checkout";
import { formatUsd } from "../../../shared/money";
import { serviceOrders, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every payment the user made (refunded ones marked), newest first. */
export async function listReceipts(options: { db: Db; userId: string }): Promise<TReceipt[]> {
  const rows = await options.db
    .select()
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.userId, options.userId),
        inArray(serviceOrders.status, ["paid", "refunded"]),
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

/** One receipt as a PDF (pdfkit, the standard fonts): who paid what, when, how. */
export async function receiptPdf(options: { db: Db; userId: string; orderId: string }): Promise<Buffer> {
  if (!UUID.test(options.orderId)) throw notFound("Receipt");
  const [row] = await options.db
    .select({ order: serviceOrders, name: users.name, email: users.email })
    .from(serviceOrders)
    .innerJoin(users, eq(users.id, serviceOrders.userId))
    .where(and(eq(serviceOrders.id, options.orderId), eq(serviceOrders.userId, options.userId)));
  if (!row?.order.paidAt || !["paid", "refunded"].includes(row.order.status)) throw notFound("Receipt");
  const { order } = row;
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Receipt ${order.id}`, Author: "ParkPilot" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  doc.fillColor("#047857").font("Helvetica-Bold").fontSize(22).text("ParkPilot");
  doc.moveDown(0.3).fillColor("#0f172a").fontSize(16).text("Receipt");
  doc.moveDown(1).font("Helvetica").fontSize(11);
  const line = (label: string, value: string) => {
    doc.font("Helvetica-Bold").text(`${label}: `, { continued: true }).font("Helvetica").text(value);
  };
  line("Order", order.id);
  line("Date", order.paidAt!.toISOString().slice(0, 10));
  line("Billed to", `${row.name} <${row.email}>`);
  line("Paid with", providerLabel(order.provider ?? ""));
  if (order.providerPaymentId) line("Payment reference", order.providerPaymentId);
  doc.moveDown(1);
  line("Item", order.description);
  doc
    .moveDown(0.5)
    .font("Helvetica-Bold")
    .fontSize(14)
    .text(`Total paid: ${formatUsd(order.price)} USD`);
  if (order.status === "refunded")
    doc.moveDown(0.5).fillColor("#b91c1c").fontSize(12).text("This payment was refunded.");
  if (order.provider === "sandbox") {
    doc.moveDown(0.5).fillColor("#92400e").font("Helvetica").fontSize(10).text("Test mode, no money moved.");
  }
  doc.end();
  return done;
}
