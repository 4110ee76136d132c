import http from "node:http";
import { createApp } from "./app";
import { staticClient, viteClient } from "./client";
import { parseConfig } from "./config";
import { runMigrations } from "./db/migrate";
import { openDatabase } from "./db/pool";
import { seedIfEmpty } from "./db/seed";
import { createDeps } from "./deps";
import { startJobQueue } from "./jobs/job-queue";
import { createLogger } from "./logger";

const SHUTDOWN_GRACE_MS = 10_000;

/** Boot: config, database, migrations, the app, listen; drains and closes on SIGINT/SIGTERM. */
async function main() {
  const startedAt = performance.now();
  const config = parseConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    onIdleError: (err) => logger.warn({ err }, "an idle database connection was closed; it will be replaced"),
  });
  await runMigrations(database.pool);

  const seedDemo = config.SEED_DEMO ?? (database.engine === "pglite" && config.NODE_ENV !== "test");
  const seeded = seedDemo ? await seedIfEmpty(database.db) : false;

  const deps = createDeps({ config, logger, database });
  const server = http.createServer();
  const vite = config.isProduction ? undefined : await viteClient(server);
  deps.client = vite?.handlers ?? staticClient();
  server.on("request", createApp(deps));
  const jobs = await startJobQueue({
    pool: database.pool,
    serializeStart: database.engine === "postgres",
    db: deps.db,
    mailer: deps.mailer,
    logger,
    ownership: { checker: deps.ownership, appUrl: config.appUrl },
    payouts: deps.payments.payouts,
  });
  // Keep-alive sockets must not outlive a load balancer's idle timeout, nor hold shutdown.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info(
    { port, engine: database.engine, startupMs: Math.round(performance.now() - startedAt) },
    `ParkPilot is running at http://localhost:${port}`,
  );
  if (seeded) logger.info("Demo account created: demo@example.com / demo-password");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: draining in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(force);
    await vite?.close();
    await jobs.stop();
    deps.sessions.store.close();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
