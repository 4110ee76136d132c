import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../shared/schema";
import { lockDataFolder } from "./data-folder-lock";
import { reachServer } from "./reach-server";

// NUMERIC comes back as a string (money stays exact); DATE as "YYYY-MM-DD", never a JS Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * Settings of every session on a PostgreSQL server. JIT compilation starts once a plan's
 * estimated cost passes a threshold, and costs far more than it saves on statements as short as
 * the app's: the dashboard's 20 ms aggregate took 700 ms with it.
 */
export const SERVER_SESSION_OPTIONS = "-c jit=off";

export interface Database {
  db: Db;
  pool: pg.Pool;
  engine: "postgres" | "pglite";
  close(): Promise<void>;
  /** The embedded engine's whole data folder as a tarball, to open copies of (PGlite only). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * One code path, two engines: a PostgreSQL server when `databaseUrl` is set, else embedded
 * PGlite served on a loopback port so that the very same `pg` Pool reaches it. The socket's
 * multiplexer has open bugs with interleaved clients, so the embedded pool holds one connection.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir: string;
  /** An in-memory PGlite starts from this dumped data folder instead of running initdb. */
  pgliteImage?: Blob;
  /**
   * An idle connection that dies (the server restarts, an admin ends it) is reported here; the
   * pool replaces it on the next query. Unhandled, it would end the process.
   */
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  const onIdleError = options.onIdleError ?? (() => undefined);
  if (options.databaseUrl) {
    await reachServer(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      options: SERVER_SESSION_OPTIONS,
    });
    pool.on("error", onIdleError);
    return { db: drizzle(pool, { schema }), pool, engine: "postgres", close: () => pool.end() };
  }
  const engine = await startEmbeddedEngine(options);
  return embeddedDatabase(engine, connectEmbedded(engine, onIdleError), () => engine.stop());
}

/** The app's database on an embedded engine through `pool`; closing ends the pool, then runs `afterClose`. */
export function embeddedDatabase(
  engine: EmbeddedEngine,
  pool: pg.Pool,
  afterClose: () => Promise<void>,
): Database {
  return {
    db: drizzle(pool, { schema }),
    pool,
    engine: "pglite",
    dumpDataDir: engine.dumpDataDir,
    async close() {
      await pool.end();
      await afterClose();
    },
  };
}

/** Embedded PGlite, open and served on a loopback port for `pg` clients. */
export interface EmbeddedEngine {
  port: number;
  /** Clients connected now; the engine serves one at a time and refuses another meanwhile. */
  connections(): number;
  dumpDataDir(): Promise<Blob>;
  stop(): Promise<void>;
}

/** Opens PGlite on `pgliteDir` (or in memory, from `pgliteImage` if given) and serves it on a loopback port. */
export async function startEmbeddedEngine(options: {
  pgliteDir: string;
  pgliteImage?: Blob;
}): Promise<EmbeddedEngine> {
  const dataDir = options.pgliteDir === "memory://" ? undefined : options.pgliteDir;
  const unlock = dataDir ? lockDataFolder(dataDir) : () => undefined;
  const pglite = await PGlite.create(
    dataDir,
    options.pgliteImage ? { loadDataDir: options.pgliteImage } : {},
  );
  const server = new PGLiteSocketServer({ db: pglite, port: 0, host: "127.0.0.1" });
  await server.start();
  return {
    port: Number(server.getServerConn().split(":").pop()),
    connections: () => server.getStats().activeConnections,
    dumpDataDir: () => pglite.dumpDataDir("none"),
    async stop() {
      await server.stop();
      await pglite.close();
      unlock();
    },
  };
}

/**
 * A pool on an embedded engine. PGlite is one backend session for every client, so the pool
 * holds one connection and keeps it: a reconnect after an idle timeout would find the previous
 * client's named prepared statements still there ("already exists").
 */
export function connectEmbedded(
  engine: EmbeddedEngine,
  onIdleError: (error: Error) => void = () => undefined,
): pg.Pool {
  const pool = new pg.Pool({
    host: "127.0.0.1",
    port: engine.port,
    user: "postgres",
    database: "postgres",
    max: 1,
    idleTimeoutMillis: 0,
    // The socket server also drops the connection after a failed query; a new connection
    // starts from a clean slate so that named statements (the rate limiter's) prepare again.
    onConnect: async (client) => {
      await client.query("deallocate all");
    },
  });
  pool.on("error", onIdleError);
  return pool;
}
