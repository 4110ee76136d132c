import { sql } from "drizzle-orm";
import {
  DOMAIN_IMPORT_COLUMNS,
  MAX_DOMAIN_IMPORT_ROWS,
  type TDomainImportColumn,
  type TDomainImportPreview,
  type TDomainImportResult,
  type TDomainImportRow,
  type TDomainImportRowStatus,
} from "../../../shared/api/domain-import";
import { DOMAIN_STATUSES } from "../../../shared/api/domains";
import {
  AD_NETWORKS,
  DEFAULT_AD_NETWORK,
  DEFAULT_PARKING_TEMPLATE,
  PARKING_TEMPLATES,
} from "../../../shared/catalog";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { breathe, chunks } from "../../lib/breathe";
import { type CsvRow, headerKey, readCsv } from "../../lib/csv";
import { normalizeDomainName } from "../../lib/domain-name";
import type { NameserverPool } from "../../lib/nameserver-pool";
import { assignNameservers } from "./assign-nameservers";
import { calendarDay } from "./domain-rows";

interface NewDomainRow {
  name: string;
  status: string;
  ad_network: string;
  parking_template: string;
  registration_date: string | null;
  expiry_date: string | null;
  purchase_price: string | null;
  renewal_cost: string | null;
}

interface Analysis {
  rows: TDomainImportRow[];
  /** The rows to insert, by line. */
  additions: Map<number, NewDomainRow>;
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

/** Reads the file and sorts every row into new, already yours, taken by another owner, or invalid. */
async function analyse(db: DbOrTx, userId: string, csv: string): Promise<Analysis> {
  const table = await readCsv(csv, { maxRows: MAX_DOMAIN_IMPORT_ROWS });
  const at = mapHeader(table.header);
  const rows: TDomainImportRow[] = [];
  const candidates = new Map<number, NewDomainRow>();
  const firstLineOf = new Map<string, number>();
  for (const [index, row] of table.rows.entries()) {
    // Other requests get a turn every 500 rows (names are checked one by one).
    if (index % 500 === 499) await breathe();
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

  const names = [...firstLineOf.keys()];
  // Names held unverified by other accounts can be imported too (DESIGN §13): whoever proves
  // ownership first keeps them. Only a name another account has verified is taken.
  const owners = new Map<string, string>();
  if (names.length > 0) {
    const found = await db.execute<{ name: string; user_id: string }>(
      sql`select name, user_id from domains where name = any(${sql.param(names)}::text[])
        and (user_id = ${userId} or verified_at is not null)`,
    );
    for (const r of found.rows) if (owners.get(r.name) !== userId) owners.set(r.name, r.user_id);
  }
  const additions = new Map<number, NewDomainRow>();
  for (const row of rows) {
    if (row.status !== "new") continue;
    const owner = owners.get(row.name);
    if (owner === undefined) additions.set(row.line, candidates.get(row.line)!);
    else if (owner === userId) Object.assign(row, { status: "owned", reason: "Already in your portfolio" });
    else Object.assign(row, { status: "taken", reason: "Verified by another owner" });
  }
  return { rows, additions };
}

function countByStatus(rows: TDomainImportRow[]): Record<TDomainImportRowStatus, number> {
  const counts = { new: 0, owned: 0, taken: 0, invalid: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** What importing the file would do, row by row; nothing is saved. */
export async function previewDomainImport(options: {
  db: Db;
  userId: string;
  csv: string;
}): Promise<TDomainImportPreview> {
  const { rows } = await analyse(options.db, options.userId, options.csv);
  return { rows, counts: countByStatus(rows) };
}

/**
 * Adds every new domain of the file in one transaction, or none: a file with an invalid row
 * is refused, and a name added to the portfolio since the preview rolls the whole import back.
 * Names already yours or verified by another owner are left as they are. Every imported domain
 * starts `pending`, whatever its status column says, until its ownership is proven, with the
 * account's own nameserver pair for the name (as Add Domain gives it).
 */
export async function importDomains(options: {
  db: Db;
  userId: string;
  csv: string;
  nameserverPool: NameserverPool;
}): Promise<TDomainImportResult> {
  const { db, userId, csv } = options;
  return db.transaction(async (tx) => {
    const { rows, additions } = await analyse(tx, userId, csv);
    const invalid = rows.filter((r) => r.status === "invalid");
    if (invalid.length > 0) {
      const [first] = invalid;
      throw new AppError(
        "UNPROCESSABLE",
        `${invalid.length} row${invalid.length === 1 ? " is" : "s are"} invalid (line ${first.line}: ${first.reason}). Nothing was imported.`,
      );
    }
    const batch = [...additions.values()];
    let insertedCount = 0;
    // A few thousand rows per statement: the embedded engine runs in this process, and one
    // 20,000-row statement would hold up every other request while it runs.
    for (const part of chunks(batch, 2_000)) {
      const pairs = await assignNameservers(tx, {
        pool: options.nameserverPool,
        userId,
        names: part.map((d) => d.name),
      });
      const rows = part.map((d) => ({ ...d, nameservers: pairs.get(d.name) ?? [] }));
      const inserted = await tx.execute(sql`
        insert into domains (user_id, name, status, ad_network, parking_template, registration_date,
          expiry_date, purchase_price, renewal_cost, verification_nameservers)
        select ${userId}, x.name, 'pending', x.ad_network, x.parking_template,
          coalesce(${calendarDay(sql`x.registration_date`)}, now()), ${calendarDay(sql`x.expiry_date`)},
          x.purchase_price, x.renewal_cost, x.nameservers
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
          name text, status text, ad_network text, parking_template text, registration_date date,
          expiry_date date, purchase_price numeric, renewal_cost numeric, nameservers text[])
        on conflict (user_id, name) do nothing
      `);
      insertedCount += inserted.rowCount ?? 0;
      await breathe();
    }
    if (batch.length > 0) {
      if (insertedCount !== batch.length) {
        throw new AppError(
          "CONFLICT",
          "Some of these domains were just added to your portfolio. Preview the file again; nothing was imported.",
        );
      }
      await tx.execute(sql`
        insert into account_events (user_id, kind, description)
        values (${userId}, 'domains_imported', ${`Imported ${batch.length} domain${batch.length === 1 ? "" : "s"}`})
      `);
    }
    return { imported: batch.length, skipped: rows.length - batch.length };
  });
}
