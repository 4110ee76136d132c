import { runMigrations } from "../db/migrate";
import { openDatabase } from "../db/pool";
import { parseConfig } from "../lib/config";
import { verifyAuditChain } from "../modules/audit/audit-chain";

/**
 * `npm run audit:verify`: proves the audit log's hash chain on the configured database (exit 0),
 * or lists where it breaks (exit 1). Prints the head, whose hash can be kept elsewhere.
 */
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await runMigrations(database.pool);
const report = await verifyAuditChain(database.db);
await database.close();
const head = report.head ? `; head #${report.head.seq} ${report.head.hash}` : "";
if (report.breaks.length === 0) {
  console.log(`The audit chain holds: ${report.entries} entries${head}.`);
} else {
  console.error(
    `The audit chain is broken in ${report.breaks.length} place(s) of ${report.entries} entries:`,
  );
  for (const b of report.breaks)
    console.error(`  ${b.problem}: entry ${b.id}${b.seq === null ? "" : ` (#${b.seq})`}`);
  process.exit(1);
}
