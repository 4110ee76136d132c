import { randomBytes } from "node:crypto";
import pg from "pg";
import { runMigrations } from "../../server/db/migrate";
import { type Database, openDatabase } from "../../server/db/pool";

/** The PostgreSQL server that server-backed suites use (the system suites need one always). */
export const postgresServerUrl = () =>
  process.env.DATABASE_URL ?? process.env.SYSTEM_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A new, migrated database on the PostgreSQL server at `serverUrl`; `drop` removes it. */
export async function createServerDatabase(
  serverUrl = postgresServerUrl(),
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parkpilot_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await runMigrations(pool);
  await pool.end();
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A migrated embedded data folder, made once per test process: a copy opens in a fraction of
 * the time that initdb and the migrations take.
 */
let migratedImage: Promise<Blob> | undefined;

async function makeMigratedImage(): Promise<Blob> {
  const database = await openDatabase({ pgliteDir: "memory://" });
  try {
    await runMigrations(database.pool);
    if (!database.dumpDataDir) throw new Error("the embedded engine cannot dump its data folder");
    return await database.dumpDataDir();
  } finally {
    await database.close();
  }
}

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a
 * new database on the PostgreSQL server named by `DATABASE_URL` (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL) {
    migratedImage ??= makeMigratedImage();
    const database = await openDatabase({ pgliteDir: "memory://", pgliteImage: await migratedImage });
    // A no-op on the image; it keeps a stale image from ever hiding a migration.
    await runMigrations(database.pool);
    return database;
  }
  const created = await createServerDatabase(process.env.DATABASE_URL);
  const database = await openDatabase({ databaseUrl: created.url, pgliteDir: "memory://" });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
