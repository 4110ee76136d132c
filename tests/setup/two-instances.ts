import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type AppProcess, startAppProcess } from "./app-process";
import { createServerDatabase } from "./test-database";

/**
 * Two app processes over one new database on the PostgreSQL server, as behind a load balancer,
 * and a pool on that database, for the file's tests: started before them (both at once, as a
 * deploy would) and stopped after them. `env` is added to both processes' environment.
 */
export function twoInstancesForFile(env: Record<string, string> = {}) {
  let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  const instances = {} as { a: AppProcess; b: AppProcess; sql: pg.Pool; databaseUrl: string };
  beforeAll(async () => {
    database = await createServerDatabase();
    const started = await Promise.allSettled([
      startAppProcess({ DATABASE_URL: database.url, ...env }),
      startAppProcess({ DATABASE_URL: database.url, ...env }),
    ]);
    // Whichever started is stopped even if the other fails.
    const running = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    if (running.length < 2) {
      await Promise.all(running.map((app) => app.stop()));
      throw (started.find((s) => s.status === "rejected") as PromiseRejectedResult).reason;
    }
    [instances.a, instances.b] = running;
    instances.databaseUrl = database.url;
    instances.sql = new pg.Pool({ connectionString: database.url, max: 2 });
    // Dropping the database at the end ends idle connections; that is expected here.
    instances.sql.on("error", () => undefined);
  });
  afterAll(async () => {
    await Promise.all([instances.a?.stop(), instances.b?.stop()]);
    await instances.sql?.end();
    await database?.drop();
  });
  return instances;
}
