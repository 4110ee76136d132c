import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import type { Database } from "./pool";
import { markSandbox } from "./sandbox-mark";

// The same relative path holds from server/db/ (source) and from dist/server/ (the build).
const migrationsFolder = fileURLToPath(new URL("../../migrations", import.meta.url));
const MIGRATION_LOCK = 727_001;

/** When the newest migration of this build was made: what drizzle records as its `created_at`. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** When the newest migration applied to the database was made (drizzle's `created_at`), or null if none was. */
async function newestApplied(client: pg.PoolClient): Promise<number | null> {
  const { rows } = await client.query<{ applied: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as applied",
  );
  if (!rows[0]?.applied) return null;
  const { rows: newest } = await client.query<{ at: string | null }>(
    "select max(created_at)::text as at from drizzle.__drizzle_migrations",
  );
  return newest[0]?.at == null ? null : Number(newest[0].at);
}

/**
 * Applies pending migrations; an advisory lock lets several instances start at once. Answers
 * whether the database was new (no migration had been applied to it before).
 */
export async function runMigrations(pool: pg.Pool): Promise<{ created: boolean }> {
  const client = await pool.connect();
  try {
    // Drizzle applies the migrations made after the newest one applied; when that is this build's
    // newest, there is nothing to apply: no lock is taken, and reading and hashing every file is
    // skipped (cold start). A newer database (a later build ran on it) is left as it is, as before.
    const before = await newestApplied(client);
    if (before !== null && before >= newestMigrationMillis()) return { created: false };
    // The migrator runs on the lock's own connection, so this works with a one-connection pool too.
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      // Read again under the lock: another instance may have applied them meanwhile.
      const applied = await newestApplied(client);
      if (applied === null || applied < newestMigrationMillis())
        await migrate(drizzle(client), { migrationsFolder });
      return { created: applied === null };
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

/**
 * Migrations, as every command that opens the database runs them, and the sandbox mark: an
 * embedded database made by this start outside production is a development one. A PostgreSQL
 * server's database is never marked here (it may be production's, started once without
 * NODE_ENV); `npm run db:mark-sandbox` marks one on purpose.
 */
export async function prepareDatabase(database: Database, options: { isProduction: boolean }): Promise<void> {
  const { created } = await runMigrations(database.pool);
  if (created && database.engine === "pglite" && !options.isProduction) {
    await markSandbox(database.db, "embedded database made outside production");
  }
}
