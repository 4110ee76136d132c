import type { TCourse } from "../../../shared/api/courses";
import { cleanDisplayName } from "../../../shared/display-name";
import { newPdfDocument } from "../../lib/pdf-document";

/** A one-page landscape A4 certificate of completion. */
export async function certificatePdf(options: {
  course: TCourse;
  certificate: { number: string; name: string; completedAt: Date };
  /** Where anyone checks it: `<app>/certificates/<number>`. */
  verifyUrl: string;
}): Promise<Buffer> {
  const { course, certificate } = options;
  const completedAt = certificate.completedAt.toISOString();
  const doc = await newPdfDocument({
    size: "A4",
    layout: "landscape",
    margin: 60,
    info: { Title: `Certificate of completion: ${course.label}`, Author: "ParkPilot" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor("#047857")
    .rect(30, 30, width - 60, height - 60)
    .stroke();
  doc
    .lineWidth(1)
    .rect(40, 40, width - 80, height - 80)
    .stroke();
  const centred = { align: "center" as const, width: width - 120 };
  doc.y = 110;
  doc.fillColor("#047857").font("Helvetica-Bold").fontSize(20).text("ParkPilot", 60, doc.y, centred);
  doc.moveDown(1).fillColor("#0f172a").fontSize(34).text("Certificate of Completion", centred);
  doc.moveDown(1).font("Helvetica").fontSize(14).fillColor("#334155").text("This certifies that", centred);
  doc.moveDown(0.6).font("Helvetica-Bold").fontSize(28).fillColor("#0f172a");
  doc.text(cleanDisplayName(certificate.name) || "ParkPilot member", centred);
  doc.moveDown(0.6).font("Helvetica").fontSize(14).fillColor("#334155");
  doc.text(`completed all ${course.totalLessons} lessons of the training course`, centred);
  doc.moveDown(0.6).font("Helvetica-Bold").fontSize(22).fillColor("#047857").text(course.label, centred);
  doc.moveDown(1.5).font("Helvetica").fontSize(12).fillColor("#334155");
  doc.text(`Completed on ${completedAt.slice(0, 10)}`, centred);
  doc.text(`Certificate no. ${certificate.number}`, centred);
  doc.text(`Verify it at ${options.verifyUrl}`, centred);
  doc.end();
  return done;
}
