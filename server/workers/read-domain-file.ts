import {
  DOMAIN_IMPORT_COLUMNS,
  DOMAIN_STATUSES,
  MAX_DOMAIN_IMPORT_ROWS,
  type TDomainImportColumn,
  type TDomainImportRow,
} from "../../shared/api/domains";
import {
  AD_NETWORKS,
  DEFAULT_AD_NETWORK,
  DEFAULT_PARKING_TEMPLATE,
  PARKING_TEMPLATES,
} from "../../shared/catalog";
import { AppError } from "../http/app-error";
import { type CsvRow, headerKey, readCsv } from "../http/csv";
import { normalizeDomainName } from "../lib/domain-name";

/** A domain of the file as it would be inserted. */
export interface NewDomainRow {
  name: string;
  status: string;
  ad_network: string;
  parking_template: string;
  registration_date: string | null;
  expiry_date: string | null;
  purchase_price: string | null;
  renewal_cost: string | null;
}

const ALIASES = new Map<string, TDomainImportColumn>(
  Object.entries(DOMAIN_IMPORT_COLUMNS).flatMap(([column, names]) =>
    names.map((n) => [headerKey(n), column as TDomainImportColumn] as const),
  ),
);
const AMOUNT = /^\$?\d{1,9}(\.\d{1,2})?$/;

/** Which cell of a row holds which column; an unknown, repeated or missing name column refuses the file. */
function mapHeader(header: string[]): Map<TDomainImportColumn, number> {
  const positions = new Map<TDomainImportColumn, number>();
  header.forEach((cell, index) => {
    const column = ALIASES.get(headerKey(cell));
    if (!column) {
      throw new AppError(
        "UNPROCESSABLE",
        `Unknown column “${cell}”. The columns are: name, status, ad network, template, registration date, expiry date, purchase price, renewal cost.`,
      );
    }
    if (positions.has(column)) throw new AppError("UNPROCESSABLE", `The column “${cell}” appears twice`);
    positions.set(column, index);
  });
  if (!positions.has("name"))
    throw new AppError("UNPROCESSABLE", "The file needs a “name” (or “domain”) column");
  return positions;
}

function calendarDate(text: string, label: string): string | null {
  if (!text) return null;
  const date = new Date(`${text}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== text
  ) {
    throw new Error(`${label} “${text}” is not a date (YYYY-MM-DD)`);
  }
  return text;
}

function amount(text: string, label: string): string | null {
  const plain = text.replace(/,/g, "");
  if (!plain) return null;
  if (!AMOUNT.test(plain)) throw new Error(`${label} “${text}” is not an amount in dollars`);
  return plain.replace("$", "");
}

function oneOf(text: string, allowed: readonly string[], fallback: string, label: string): string {
  const value = text.toLowerCase() || fallback;
  if (!allowed.includes(value)) throw new Error(`${label} “${text}” is not one of ${allowed.join(", ")}`);
  return value;
}

/** A row's domain as it would be inserted, or an Error naming what is wrong with it. */
function readRow(row: CsvRow, at: Map<TDomainImportColumn, number>): NewDomainRow | Error {
  const cell = (column: TDomainImportColumn) => {
    const index = at.get(column);
    return index === undefined ? "" : (row.cells[index] ?? "");
  };
  const checked = normalizeDomainName(cell("name"));
  if (!checked.ok) return new Error(checked.reason);
  try {
    const domain: NewDomainRow = {
      name: checked.name,
      status: oneOf(cell("status"), DOMAIN_STATUSES, "active", "Status"),
      ad_network: oneOf(cell("adNetwork"), AD_NETWORKS, DEFAULT_AD_NETWORK, "Ad network"),
      parking_template: oneOf(
        cell("parkingTemplate"),
        PARKING_TEMPLATES,
        DEFAULT_PARKING_TEMPLATE,
        "Template",
      ),
      registration_date: calendarDate(cell("registrationDate"), "Registration date"),
      expiry_date: calendarDate(cell("expiryDate"), "Expiry date"),
      purchase_price: amount(cell("purchasePrice"), "Purchase price"),
      renewal_cost: amount(cell("renewalCost"), "Renewal cost"),
    };
    const today = new Date().toISOString().slice(0, 10);
    if (domain.registration_date && domain.registration_date > today) {
      return new Error("Registration date is in the future");
    }
    if (domain.expiry_date && domain.expiry_date < (domain.registration_date ?? "")) {
      return new Error("Expiry date is before the registration date");
    }
    return domain;
  } catch (error) {
    return error as Error;
  }
}

/** A domain file read and checked, before the database is asked which names are taken. */
export interface DomainFile {
  /** Every row: `new`, or `invalid` with the reason (a repeated name is invalid). */
  rows: TDomainImportRow[];
  /** The rows to insert if their names are free, by line. */
  candidates: Map<number, NewDomainRow>;
}

/**
 * Reads an uploaded domain file row by row. It runs in a worker thread
 * (`server/workers/read-upload.ts`): checking 20,000 names would hold up other requests.
 */
export async function readDomainFile(csv: string): Promise<DomainFile> {
  const table = await readCsv(csv, { maxRows: MAX_DOMAIN_IMPORT_ROWS });
  const at = mapHeader(table.header);
  const rows: TDomainImportRow[] = [];
  const candidates = new Map<number, NewDomainRow>();
  const firstLineOf = new Map<string, number>();
  for (const row of table.rows) {
    const read = readRow(row, at);
    if (read instanceof Error) {
      rows.push({
        line: row.line,
        name: row.cells[at.get("name") ?? 0] ?? "",
        status: "invalid",
        reason: read.message,
      });
      continue;
    }
    const first = firstLineOf.get(read.name);
    if (first !== undefined) {
      rows.push({ line: row.line, name: read.name, status: "invalid", reason: `Repeats line ${first}` });
      continue;
    }
    firstLineOf.set(read.name, row.line);
    candidates.set(row.line, read);
    rows.push({ line: row.line, name: read.name, status: "new" });
  }
  return { rows, candidates };
}
