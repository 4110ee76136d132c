import { randomBytes } from "node:crypto";
import pg from "pg";
import { runMigrations } from "../../server/db/migrate";
import { type Database, openDatabase } from "../../server/db/pool";

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a
 * new database on the PostgreSQL server named by `DATABASE_URL` (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: "memory://" });
    await runMigrations(database.pool);
    return database;
  }
  const name = `parkpilot_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: "memory://" });
  await runMigrations(database.pool);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
