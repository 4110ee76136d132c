import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createServerDatabase } from "./test-database";

/**
 * A new, migrated database on the PostgreSQL server and one client connected to it, for the
 * tests of the file (or of the describe block it is called in): made before them and dropped
 * after them. Read `url` and `client` in the tests.
 */
export function serverDatabaseForTests() {
  let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  const opened = {} as { url: string; client: pg.Client };
  beforeAll(async () => {
    database = await createServerDatabase();
    opened.url = database.url;
    opened.client = new pg.Client({ connectionString: database.url });
    await opened.client.connect();
  });
  afterAll(async () => {
    await opened.client?.end();
    await database?.drop();
  });
  return opened;
}
