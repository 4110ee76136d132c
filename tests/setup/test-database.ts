import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { runMigrations } from "../../server/db/migrate";
import {
  connectEmbedded,
  type Database,
  type EmbeddedEngine,
  embeddedDatabase,
  openDatabase,
  startEmbeddedEngine,
} from "../../server/db/pool";

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
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(
      options.fromTemplate
        ? `create database ${name} template ${await migratedTemplate(serverUrl)}`
        : `create database ${name}`,
    );
  } catch (error) {
    // Another checkout with other migrations, on the same server, replaced the template (it keeps
    // one): this process makes its own again, once.
    if (!options.fromTemplate || (error as { code?: string }).code !== "3D000") throw error;
    templates.delete(serverUrl);
    await admin.query(`create database ${name} template ${await migratedTemplate(serverUrl)}`);
  } finally {
    await admin.end();
  }
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
let migratedImage: Promise<{ image: Blob; contents: EngineContents }> | undefined;

async function makeMigratedImage(): Promise<{ image: Blob; contents: EngineContents }> {
  const database = await openDatabase({ pgliteDir: "memory://" });
  try {
    await runMigrations(database.pool);
    if (!database.dumpDataDir) throw new Error("the embedded engine cannot dump its data folder");
    return { image: await database.dumpDataDir(), contents: await readContents(database.pool) };
  } finally {
    await database.close();
  }
}

/** What a migrated database holds before any test: its schemas, its tables and the rows migrations put in them. */
interface EngineContents {
  schemas: string[];
  tables: string[];
  rows: Map<string, unknown[]>;
}

/** Tables whose rows say which migrations ran: never emptied. */
const MIGRATION_TABLES = new Set(['"drizzle"."__drizzle_migrations"']);

async function listSchemas(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
  );
  return rows.map((row) => row.name);
}

async function readContents(pool: pg.Pool): Promise<EngineContents> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not like 'pg\\_%' and schemaname <> 'information_schema'`,
  );
  const rows = new Map<string, unknown[]>();
  for (const { name } of tables) {
    if (MIGRATION_TABLES.has(name)) continue;
    const { rows: seeded } = await pool.query(`select * from ${name}`);
    if (seeded.length > 0) rows.set(name, seeded);
  }
  return { schemas: await listSchemas(pool), tables: tables.map((t) => t.name), rows };
}

/**
 * Brings an engine a finished test file used back to the migrated state: objects made since
 * (a job queue's schema, say) dropped, every table emptied and its migrated rows put back,
 * sequences restarted, and the one session's state (settings, advisory locks) discarded.
 */
async function resetToMigrated(pool: pg.Pool, contents: EngineContents): Promise<void> {
  await pool.query("discard all");
  for (const schema of (await listSchemas(pool)).filter((s) => !contents.schemas.includes(s))) {
    await pool.query(`drop schema ${pg.escapeIdentifier(schema)} cascade`);
  }
  const { rows: added } = await pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = any($1)`,
    [contents.schemas],
  );
  for (const { name } of added.filter((t) => !contents.tables.includes(t.name)))
    await pool.query(`drop table ${name} cascade`);
  const emptied = contents.tables.filter((name) => !MIGRATION_TABLES.has(name));
  await pool.query(`truncate ${emptied.join(", ")} restart identity cascade`);
  for (const [name, rows] of contents.rows) {
    await pool.query(`insert into ${name} select * from json_populate_recordset(null::${name}, $1)`, [
      JSON.stringify(rows),
    ]);
  }
  await pool.query(
    "select setval(format('%I.%I', schemaname, sequencename), start_value, false) from pg_sequences",
  );
}

/**
 * Embedded engines that closed test databases handed back. Opening PGlite from the image for
 * every file took about as much CPU as the API tests themselves; emptying a used engine takes a
 * fraction of that, so each test process keeps its engines and the next file starts from one.
 */
const spareEngines: EmbeddedEngine[] = [];

async function openEmbeddedTestDatabase(): Promise<Database> {
  migratedImage ??= makeMigratedImage();
  const { image, contents } = await migratedImage;
  const spare = spareEngines.pop();
  const engine = spare ?? (await startEmbeddedEngine({ pgliteDir: "memory://", pgliteImage: image }));
  const pool = connectEmbedded(engine);
  if (spare) await resetToMigrated(pool, contents);
  // A no-op on the image; it keeps a stale image from ever hiding a migration.
  else await runMigrations(pool);
  return embeddedDatabase(engine, pool, async () => {
    // The engine lets the next client in once it has seen this one go.
    while (engine.connections() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    spareEngines.push(engine);
  });
}

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a
 * new database on the PostgreSQL server named by `DATABASE_URL` (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL) return openEmbeddedTestDatabase();
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
