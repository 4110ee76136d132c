import pg from "pg";
import { errorCode, StartupError } from "../lib/startup-error";

const CONNECT_TIMEOUT_MS = 10_000;

/** What went wrong connecting to the server at `url`, said so that the reader knows what to check. */
function describe(error: unknown, url: URL): string {
  const at = `${url.hostname}:${url.port || 5432}`;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case "ECONNREFUSED":
      return `cannot reach the database server at ${at} (connection refused): check DATABASE_URL and that PostgreSQL is running and listening there`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `cannot reach the database server: the host ${url.hostname} in DATABASE_URL was not found; check its spelling and your DNS`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `cannot reach the database server at ${at} (${code}): check DATABASE_URL, the network and any firewall`;
    case "28P01":
    case "28000":
      return `the database server at ${at} refused the user "${decodeURIComponent(url.username)}": check the user and password in DATABASE_URL (${message})`;
    case "3D000":
      return `the database server at ${at} has no database "${url.pathname.slice(1)}": create it (createdb) or fix DATABASE_URL`;
  }
  if (/timeout/i.test(message)) {
    return `the database server at ${at} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s: check DATABASE_URL, the network and any firewall`;
  }
  return `cannot connect to the database server at ${at}: ${message}; check DATABASE_URL`;
}

/**
 * Connects once before the pool is used, so that a wrong or unreachable `DATABASE_URL` stops
 * the start with one line naming the host, and within a bounded time (a pool would wait forever
 * on a host that drops packets).
 */
export async function reachServer(databaseUrl: string): Promise<void> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection that fails late reports here too; it must not end the process unheard.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new StartupError(describe(error, new URL(databaseUrl)));
  } finally {
    await client.end().catch(() => undefined);
  }
}
