import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { runMigrations } from "../../server/db/migrate";
import { type Database, openDatabase } from "../../server/db/pool";

/** The PostgreSQL server that server-backed suites use (the system suites need one always). */
export const postgresServerUrl = () =>
  process.env.DATABASE_URL ?? process.env.SYSTEM_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const withPath = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A new, migrated database on the PostgreSQL server at `serverUrl`; `drop` removes it. With
 * `fromTemplate` it is a copy of the server's migrated template (see `migratedTemplate`), which
 * takes a fraction of the time the migrations take.
 */
export async function createServerDatabase(
  serverUrl = postgresServerUrl(),
  options: { fromTemplate?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parkpilot_test_${randomBytes(6).toString("hex")}`;
  const template = options.fromTemplate ? await migratedTemplate(serverUrl) : null;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = withPath(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // On a copy of the template, a no-op that keeps a stale template from ever hiding a migration.
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
 * The name of a migrated database on the server that test databases are copied from, made once
 * for each set of migrations (its name carries their hash) and kept for later runs; templates of
 * earlier sets are dropped when a new one is made. An advisory lock lets test processes that
 * start together make it once.
 */
const templates = new Map<string, Promise<string>>();
const TEMPLATE_LOCK = 727_002;

function migrationsHash(): string {
  const folder = path.resolve(import.meta.dirname, "../../migrations");
  const hash = createHash("sha256");
  const files = [
    ...readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort(),
    "meta/_journal.json",
  ];
  for (const file of files) hash.update(file).update(readFileSync(path.join(folder, file)));
  return hash.digest("hex").slice(0, 12);
}

function migratedTemplate(serverUrl: string): Promise<string> {
  let made = templates.get(serverUrl);
  if (!made) {
    made = makeTemplate(serverUrl);
    templates.set(serverUrl, made);
  }
  return made;
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const name = `parkpilot_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'parkpilot\\_template\\_%'",
    );
    if (rows.some((row) => row.datname === name)) return name;
    for (const stale of rows) await admin.query(`drop database if exists ${stale.datname} with (force)`);
    // Made under another name and renamed once migrated: a run stopped half-way leaves no template
    // that looks complete.
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const pool = new pg.Pool({ connectionString: withPath(serverUrl, building), max: 1 });
    await runMigrations(pool);
    await pool.end();
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
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
  const created = await createServerDatabase(process.env.DATABASE_URL, { fromTemplate: true });
  const database = await openDatabase({ databaseUrl: created.url, pgliteDir: "memory://" });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
