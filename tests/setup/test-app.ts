import type { Express } from "express";
import { createApp } from "../../server/app";
import { parseConfig } from "../../server/config";
import type { Database, Db } from "../../server/db/pool";
import type { AuthLimitOptions } from "../../server/deps";
import { type AppDeps, createDeps } from "../../server/deps";
import { createLogger } from "../../server/logger";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  app: Express;
  deps: AppDeps;
  db: Db;
  database: Database;
  close(): Promise<void>;
}

/** `createApp()` over a fresh database, exactly as production wires it, minus the web client. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    authLimits?: Partial<AuthLimitOptions>;
    customize?: (deps: AppDeps) => void;
  } = {},
): Promise<TestApp> {
  const config = parseConfig({
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    QUOTES_URL: "https://quotes.test/compare",
    // Every request of a test file comes from one address; the lead limits have their own tests.
    LEADS_PER_ADDRESS_PER_HOUR: "100000",
    LEADS_PER_DOMAIN_PER_HOUR: "100000",
    ...options.env,
  });
  const database = await openTestDatabase();
  const deps = createDeps({
    config,
    logger: createLogger(config.LOG_LEVEL),
    database,
    pruneSessions: false,
    authLimits: { registerPerAddress: 10_000, ...options.authLimits },
  });
  options.customize?.(deps);
  const app = createApp(deps);
  return {
    app,
    deps,
    db: database.db,
    database,
    async close() {
      deps.sessions.store.close();
      await database.close();
    },
  };
}
