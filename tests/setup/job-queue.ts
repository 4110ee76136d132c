import PgBoss from "pg-boss";
import { startJobQueue } from "../../server/jobs/job-queue";
import type { TestApp } from "./test-app";

type JobSettings = Omit<
  Parameters<typeof startJobQueue>[0],
  "pool" | "serializeStart" | "db" | "mailer" | "logger"
>;

/** The app's job queue on the test database, as the server starts it, running the jobs `settings` turn on. */
export function startTestJobQueue(t: TestApp, settings: JobSettings = {}) {
  return startJobQueue({
    pool: t.database.pool,
    serializeStart: t.database.engine === "postgres",
    db: t.db,
    mailer: t.deps.mailer,
    logger: t.deps.logger,
    ...settings,
  });
}

/**
 * Another app instance on the same database queues one run of the singleton `queue` before this
 * one starts its worker. Stop the answer with `stop({ graceful: false, wait: true })`.
 */
export async function queueRunFromOtherInstance(t: TestApp, queue: string) {
  const pool = t.database.pool;
  const other = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
    supervise: false,
    schedule: false,
  });
  await other.start();
  await other.createQueue(queue, { name: queue, policy: "singleton" });
  await other.send(queue, {});
  return other;
}
