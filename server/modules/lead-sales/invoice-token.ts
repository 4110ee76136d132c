import { createHash, createHmac } from "node:crypto";
import { leadInvoicePagePath } from "../../../shared/api/lead-sales";
import type { InvoiceSettings } from "./lead-sales";

/**
 * An invoice's pay token: derived from the server's secret and the invoice's id, so that the
 * console and the mail can show the link again while the table keeps only its hash.
 */
export const invoiceToken = (settings: InvoiceSettings, invoiceId: string) =>
  createHmac("sha256", settings.tokenSecret).update(`lead-invoice:${invoiceId}`).digest("base64url");

/** What the table stores of a token and looks it up by. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The public page where the buyer reads and pays the invoice. */
export const invoicePayUrl = (settings: InvoiceSettings, invoiceId: string) =>
  `${settings.appUrl}${leadInvoicePagePath(invoiceToken(settings, invoiceId))}`;

/** How an invoice's number is written: LI-000042. */
export const invoiceNumber = (n: number) => `LI-${String(n).padStart(6, "0")}`;
