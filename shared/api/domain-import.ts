/**
 * Bulk import of domains from a CSV file: a preview first, then one all-or-nothing import.
 * The file travels as the request body with `Content-Type: text/csv`.
 */

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
export type TDomainImportRowStatus = "new" | "owned" | "taken" | "invalid";

export interface TDomainImportRow {
  /** Line in the file, the header being line 1. */
  line: number;
  /** The normalised name when valid, else the cell as written. */
  name: string;
  status: TDomainImportRowStatus;
  reason?: string;
}

export interface TDomainImportPreview {
  rows: TDomainImportRow[];
  counts: Record<TDomainImportRowStatus, number>;
}

export interface TDomainImportResult {
  imported: number;
  /** Rows left as they were: already yours or taken by another owner. */
  skipped: number;
}
