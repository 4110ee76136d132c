import type { TReportContent } from "../../../shared/api/reports";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { newPdfDocument } from "../../lib/pdf-document";
import { loadOwnReport } from "./reports.service";

const INK = "#0f172a";
const MUTED = "#475569";
const BRAND = "#047857";

/** Draws a table as aligned columns; the first column is widest (names, labels). */
function drawTable(doc: PDFKit.PDFDocument, table: { columns: string[]; rows: string[][] }): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const first = table.columns.length > 1 ? width * 0.4 : width;
  const other = table.columns.length > 1 ? (width - first) / (table.columns.length - 1) : 0;
  const x = (i: number) => (i === 0 ? left : left + first + (i - 1) * other);
  const w = (i: number) => (i === 0 ? first : other);
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9)
      .fillColor(bold ? INK : MUTED);
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(cell, x(i), y, { width: w(i) - 6 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 3;
  };
  row(table.columns, true);
  for (const cells of table.rows) row(cells, false);
}

/** A report's content as a PDF (pdfkit, the standard fonts): title, summary, then each section. */
export async function renderReportPdf(report: {
  title: string;
  readyAt: Date | null;
  content: TReportContent;
}): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: "A4",
    margin: 56,
    info: { Title: report.title, Author: "ParkPilot" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.fillColor(BRAND).font("Helvetica-Bold").fontSize(22).text("ParkPilot");
  doc.moveDown(0.3).fillColor(INK).fontSize(16).text(report.title);
  if (report.readyAt)
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Prepared ${report.readyAt.toISOString().slice(0, 10)}`);
  doc.moveDown(0.8).font("Helvetica").fontSize(11).fillColor(INK).text(report.content.summary);
  for (const section of report.content.sections) {
    doc.moveDown(1).font("Helvetica-Bold").fontSize(13).fillColor(INK).text(section.heading);
    doc.moveDown(0.3).font("Helvetica").fontSize(10).fillColor(INK);
    for (const line of section.lines) doc.text(line, { paragraphGap: 3 });
    if (section.table && section.table.rows.length > 0) {
      doc.moveDown(0.4);
      drawTable(doc, section.table);
    }
  }
  doc.end();
  return done;
}

/** The user's own ready report as a PDF; one still building is a conflict, another's not found. */
export async function reportPdf(db: Db, userId: string, id: string): Promise<{ title: string; pdf: Buffer }> {
  const row = await loadOwnReport(db, userId, id);
  if (row.status !== "ready" || !row.content) throw new AppError("CONFLICT", "This report is not ready yet.");
  const pdf = await renderReportPdf({
    title: row.title,
    readyAt: row.readyAt,
    content: row.content as TReportContent,
  });
  return { title: row.title, pdf };
}
