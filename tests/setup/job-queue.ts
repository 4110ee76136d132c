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
