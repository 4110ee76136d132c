import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { createApp } from "./app";
import { staticClient, viteClient } from "./client";
import { prepareDatabase } from "./db/migrate";
import { openDatabase } from "./db/pool";
import { seedIfEmpty } from "./demo/seed";
import { createDeps } from "./deps";
import { handlersSettled } from "./http/handler";
import { type JobQueue, startJobQueue } from "./jobs/job-queue";
import { parseConfig } from "./lib/config";
import { createLogger } from "./lib/logger";
import { errorCode, StartupError } from "./lib/startup-error";
import { grantAdminEmails } from "./modules/auth/staff";
import { prepareTotpSecrets } from "./modules/auth/totp-secrets";
import { connectionSyncDeps } from "./modules/connections/connections.routes";
import { assignExistingNameservers } from "./modules/domains/assign-existing-nameservers";
import { devHostCheck } from "./modules/domains/dev-host-check";
import { hasActiveBuyer } from "./modules/lead-sales/buyer-store";
import { SALE_LEASE_SECONDS } from "./modules/lead-sales/lead-sales";
import { salesSettled } from "./modules/lead-sales/queue-sale";
import { resumePendingSales } from "./modules/lead-sales/sell-lead";
import { saleConfigOf } from "./modules/marketplace/sale-config";
import { closeWorkers } from "./workers/worker-pool";

const SHUTDOWN_GRACE_MS = 10_000;

/** Boot: config, database, migrations, the app, listen; drains and closes on SIGINT/SIGTERM. */
async function main() {
  // How long each step of the start took, logged with the "running" line (bench: cold start).
  const phases: Record<string, number> = {};
  // The process's own start and the loading of every module come first (performance.now() counts from the process's start).
  let phaseStart = 0;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  phase("modules");
  const config = parseConfig();
  const logger = createLogger(config.LOG_LEVEL, { pretty: config.NODE_ENV === "development" });
  // A taken port is found before the database opens, migrates and seeds, not after.
  if (config.PORT !== 0) {
    const probe = http.createServer();
    await listen(probe, config.PORT, config.HOST);
    await new Promise((resolve) => probe.close(resolve));
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    onIdleError: (err) => logger.warn({ err }, "an idle database connection was closed; it will be replaced"),
  });
  phase("engine");
  await prepareDatabase(database, { isProduction: config.isProduction });
  phase("migrations");

  const seeded = config.seedsDemoAtStart(database.engine)
    ? await seedIfEmpty(database.db, { nameserverPool: config.nameserverPool })
    : false;

  const paired = await assignExistingNameservers(database.db, config.nameserverPool);
  if (paired > 0)
    logger.info({ domains: paired }, "gave the domains added before nameserver pairs their pair");

  phase("seed checks");
  const deps = createDeps({ config, logger, database });
  const totp = await prepareTotpSecrets({ db: deps.db, keys: deps.totpKeys });
  if (totp.sealed > 0)
    logger.info({ sealed: totp.sealed }, "authenticator secrets stored in clear are now encrypted");
  // Only accounts whose listed address is confirmed; each grant is audited and mailed to the other staff.
  await grantAdminEmails({ db: deps.db, mailer: deps.mailer, emails: config.adminEmails });
  const server = http.createServer();
  const vite = config.isProduction
    ? undefined
    : await viteClient({
        httpServer: server,
        dataDir: database.engine === "pglite" ? config.PGLITE_DIR : undefined,
      });
  deps.client = vite?.handlers ?? staticClient();
  const app = createApp(deps);
  phase("app");
  if (config.isProduction) server.on("request", app);
  else {
    const hostCheck = devHostCheck({ db: deps.db, publicUrl: config.PUBLIC_URL, logger });
    server.on("request", (req, res) => hostCheck(req, res, () => app(req, res)));
  }
  // Keep-alive sockets must not outlive a load balancer's idle timeout, nor hold shutdown.
  server.keepAliveTimeout = 65_000;

  await listen(server, config.PORT, config.HOST);
  phase("listen");
  // From here on requests come in: a signal drains them, whether or not the job queue has started.
  let jobsStarting: Promise<JobQueue> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: draining in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(force);
    // No request comes in any more: the referral clicks still in memory are written now. A
    // handler whose client hung up is still at work, and a lead's sale follows its answer: both
    // end before the database closes (a sale still waiting on a buyer after the grace period is
    // left to the resume job).
    await deps.referralClicks.close();
    const settled = handlersSettled().then(() => salesSettled(deps.leadSales));
    await Promise.race([settled, sleep(SHUTDOWN_GRACE_MS, undefined, { ref: false })]);
    await vite?.close();
    // A signal during the queue's start waits for it (it uses the database), then stops it.
    const jobs = await jobsStarting?.catch(() => undefined);
    await jobs?.stop();
    await closeWorkers();
    deps.sessions.store.close();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // A job still running when the queue's stop gave up on it (10 s) ends after the database has
  // closed, and the queue's own bookkeeping of it then fails: the job is still marked active and
  // runs again after its expiry, so during a stop this is logged, not a crash (exit 0 as usual).
  // Before a stop, an unhandled rejection is the crash it always was.
  process.on("unhandledRejection", (reason) => {
    if (!stopping) throw reason;
    logger.warn({ err: reason }, "a background job ended after the database closed; the queue runs it again");
  });
  // The schedules start once the app answers: a request needs none of them, and a lead taken
  // before the queue runs is sold by this process (queueSale).
  jobsStarting = startJobQueue({
    pool: database.pool,
    serializeStart: database.engine === "postgres",
    pollSeconds: config.JOB_POLL_SECONDS,
    db: deps.db,
    mailer: deps.mailer,
    logger,
    ownership: { checker: deps.ownership, appUrl: config.appUrl },
    appUrl: config.appUrl,
    emailAutomation: { appUrl: config.appUrl, secret: config.sessionSecret },
    payouts: deps.payments.payouts,
    refunds: deps.payments,
    reports: { appUrl: config.appUrl },
    autoPayouts: {
      sender: deps.payments.payouts,
      rails: deps.payments.payoutRails,
      reviewAbove: config.payoutReviewAbove,
    },
    marketplace: {
      deps,
      config: saleConfigOf(config),
      newsletter: { appUrl: config.appUrl, secret: config.sessionSecret },
    },
    leadSales: deps.leadSales,
    connections: connectionSyncDeps(deps),
    billing: {
      appUrl: config.appUrl,
      paid: deps.paid,
      paypal: deps.payments.paypal,
    },
  });
  await jobsStarting.catch((err: unknown) => {
    if (!stopping) throw err;
  });
  // Stopped while the queue started: the shutdown has it, and ends the process.
  if (stopping) return;
  phase("jobs");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info(
    { port, engine: database.engine, startupMs: Math.round(performance.now()), phases },
    `ParkPilot is running at http://localhost:${port}`,
  );
  if (seeded) logger.info("Demo account created: demo@example.com / demo-password");
  if (config.isProduction && !config.TOTP_ENCRYPTION_KEY) {
    logger.warn(
      "TOTP_ENCRYPTION_KEY is not set: authenticator secrets are encrypted with a key derived from SESSION_SECRET; set an own key (then npm run totp:rotate-key) so that changing one secret never touches the other",
    );
  }
  // Sales a previous process left pending are resumed as soon as their claims run out (then each minute).
  setTimeout(
    () => {
      resumePendingSales(deps.leadSales).then(
        (result) => {
          if (result.sold + result.unsold > 0) logger.info(result, "interrupted lead sales resumed");
        },
        (err) => logger.error({ err }, "resuming lead sales failed"),
      );
    },
    (SALE_LEASE_SECONDS + 1) * 1000,
  ).unref();
  await deps.leadSales.ready();
  if (config.isProduction && !(await hasActiveBuyer(deps.db))) {
    logger.warn(
      "No lead buyer is active: leads are stored unsold and credit nothing until one is (LEAD_BUYERS or the console)",
    );
  }
  if (config.publicUrlMissing) {
    logger.warn(
      `PUBLIC_URL is not set: serving ${config.PUBLIC_URL} over plain HTTP; set PUBLIC_URL to the https:// address users reach (links in emails, payment returns and Secure cookies use it)`,
    );
  }
}

/** Listens, or stops the start with one line a newcomer can act on. */
function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (error) => {
      const code = errorCode(error);
      if (code === "EADDRINUSE") reject(new StartupError(`port ${port} is in use; set PORT`));
      else if (code === "EACCES")
        reject(new StartupError(`port ${port} needs privileges this user lacks; set PORT`));
      else if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
        reject(new StartupError(`HOST ${host} is not an address of this machine; set HOST (e.g. 127.0.0.1)`));
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

main().catch((error: unknown) => {
  // A StartupError is the whole story; anything else is a bug, worth its stack.
  if (error instanceof StartupError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
