import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

// The same relative path holds from server/db/ (source) and from dist/server/ (the build).
const migrationsFolder = fileURLToPath(new URL("../../migrations", import.meta.url));
const MIGRATION_LOCK = 727_001;

/** Applies pending migrations; an advisory lock lets several instances start at once. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // The migrator runs on the lock's own connection, so this works with a one-connection pool too.
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
