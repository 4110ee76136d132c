import type pg from "pg";

/**
 * Runs `fn` while holding a session-level advisory lock on its own connection, so that several
 * instances starting at once take turns (installing a schema, say). The lock's connection is
 * not one `fn` can use, so this needs a pool with more than one connection.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [key]);
    return await fn();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
    client.release();
  }
}
