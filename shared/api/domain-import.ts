/**
 * Bulk import of domains from a CSV file: a preview first, then one all-or-nothing import.
 * The file travels as the request body with `Content-Type: text/csv`.
 */
import { z } from "zod";

/** The column a CSV header may name, and the spellings accepted for it (case and spacing ignored). */
export const DOMAIN_IMPORT_COLUMNS = {
  name: ["name", "domain", "domain name"],
  status: ["status"],
  adNetwork: ["ad network", "network"],
  parkingTemplate: ["parking template", "template"],
  registrationDate: ["registration date", "registered"],
  expiryDate: ["expiry date", "expires", "expiration date"],
  purchasePrice: ["purchase price"],
  renewalCost: ["renewal cost"],
} as const;
export type TDomainImportColumn = keyof typeof DOMAIN_IMPORT_COLUMNS;

/** The most rows one file may hold. */
export const MAX_DOMAIN_IMPORT_ROWS = 20_000;

/**
 * What the import will do with a row: add it (`new`), leave it (`owned`: already in your
 * portfolio; `taken`: parked by another owner), or refuse the file (`invalid`, with the reason).
 */
export const DOMAIN_IMPORT_ROW_STATUSES = ["new", "owned", "taken", "invalid"] as const;
export type TDomainImportRowStatus = (typeof DOMAIN_IMPORT_ROW_STATUSES)[number];

export const ZDomainImportRow = z.object({
  /** Line in the file, the header being line 1. */
  line: z.number(),
  /** The normalised name when valid, else the cell as written. */
  name: z.string(),
  status: z.enum(DOMAIN_IMPORT_ROW_STATUSES),
  reason: z.string().optional(),
});
export type TDomainImportRow = z.infer<typeof ZDomainImportRow>;

/** `POST /api/domains/import/preview`: what importing the file would do, row by row. */
export const ZDomainImportPreview = z.object({
  rows: z.array(ZDomainImportRow),
  counts: z.record(z.enum(DOMAIN_IMPORT_ROW_STATUSES), z.number()),
});
export type TDomainImportPreview = z.infer<typeof ZDomainImportPreview>;

/** `POST /api/domains/import`. */
export const ZDomainImportResult = z.object({
  imported: z.number(),
  /** Rows left as they were: already yours or taken by another owner. */
  skipped: z.number(),
});
export type TDomainImportResult = z.infer<typeof ZDomainImportResult>;
