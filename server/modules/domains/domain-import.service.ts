import { sql } from "drizzle-orm";
import type {
  TDomainImportPreview,
  TDomainImportResult,
  TDomainImportRow,
  TDomainImportRowStatus,
} from "../../../shared/api/domains";
import type { Database, Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { breathe, chunks } from "../../lib/breathe";
import type { NameserverPool } from "../../lib/nameserver-pool";
import type { DomainFile, NewDomainRow } from "../../workers/read-domain-file";
import { runInWorker } from "../../workers/worker-pool";
import { assertPlanAllows } from "../plans/plan-limits";
import { assignNameservers } from "./assign-nameservers";
import { calendarDay } from "./domain-rows";

/**
 * Domains inserted per statement: one 20,000-row statement would hold up every other request
 * while it runs on the embedded engine, which runs its statements in this very process.
 */
const ROWS_PER_STATEMENT = { postgres: 2_000, pglite: 100 } as const;

interface Analysis {
  rows: TDomainImportRow[];
  /** The rows to insert, by line. */
  additions: Map<number, NewDomainRow>;
}

/** Sorts every row of the file read into new, already yours, taken by another owner, or invalid. */
async function analyse(db: DbOrTx, userId: string, file: DomainFile): Promise<Analysis> {
  const { rows, candidates } = file;
  const names = [...candidates.values()].map((c) => c.name);
  // Names held unverified by other accounts can be imported too (docs/security.md#domain-ownership): whoever proves
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
  const file = await runInWorker("domainFile", { csv: options.csv });
  const { rows } = await analyse(options.db, options.userId, file);
  return { rows, counts: countByStatus(rows) };
}

/**
 * Adds every new domain of the file in one transaction, or none: a file with an invalid row
 * is refused, and a name added to the portfolio since the preview rolls the whole import back.
 * Names already yours or verified by another owner are left as they are. Every imported domain
 * starts `pending`, whatever its status column says, until its ownership is proven, with a
 * nameserver pair drawn for it (as Add Domain gives it); whether its nameservers named the
 * platform's before it was added is decided by its first lookup, minutes later. A name another
 * account has verified is added by hand (Add Domain), not by a file.
 */
export async function importDomains(options: {
  db: Db;
  userId: string;
  csv: string;
  nameserverPool: NameserverPool;
  /** The database engine, which sets the rows per statement (see ROWS_PER_STATEMENT). */
  engine?: Database["engine"];
}): Promise<TDomainImportResult> {
  const { db, userId, csv } = options;
  // The file is read before the transaction opens: no connection is held while it is.
  const file = await runInWorker("domainFile", { csv });
  return db.transaction(async (tx) => {
    const { rows, additions } = await analyse(tx, userId, file);
    const invalid = rows.filter((r) => r.status === "invalid");
    if (invalid.length > 0) {
      const [first] = invalid;
      throw new AppError(
        "UNPROCESSABLE",
        `${invalid.length} row${invalid.length === 1 ? " is" : "s are"} invalid (line ${first.line}: ${first.reason}). Nothing was imported.`,
      );
    }
    const batch = [...additions.values()];
    await assertPlanAllows(tx, userId, { kind: "add-domains", count: batch.length });
    let insertedCount = 0;
    for (const part of chunks(batch, ROWS_PER_STATEMENT[options.engine ?? "postgres"])) {
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
