import type PDFDocument from "pdfkit";

/**
 * pdfkit, loaded with the first PDF the server draws (a receipt, a certificate, a tax form, a
 * report) rather than at start: most starts draw none, and it is some 70 ms of loading.
 */
let pdfkit: Promise<{ default: typeof PDFDocument }> | undefined;

/** A new PDF document (pdfkit's `new PDFDocument(options)`). */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  pdfkit ??= import("pdfkit");
  const { default: Document } = await pdfkit;
  return new Document(options);
}
