import type { Express } from "express";
import { createApp } from "../../server/app";
import type { Database, Db } from "../../server/db/pool";
import type { AuthLimitOptions } from "../../server/deps";
import { type AppDeps, createDeps } from "../../server/deps";
import { parseConfig } from "../../server/lib/config";
import { createLogger } from "../../server/lib/logger";
import { salesSettled } from "../../server/modules/lead-sales/queue-sale";
import { type DnsServer, startDnsServer } from "./dns-server";
import { startFakePayPal } from "./fake-paypal";
import { startFakeStripe } from "./fake-stripe";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  app: Express;
  deps: AppDeps;
  db: Db;
  database: Database;
  close(): Promise<void>;
}

const depsOfApp = new WeakMap<Express, AppDeps>();

/**
 * Waits for what a lead's answer left to the job queue (its sale, credit and notifications) in the
 * test app `app`, so that a test reads the owner's balance once the sale is done.
 */
export async function leadSalesSettled(app: Express): Promise<void> {
  const deps = depsOfApp.get(app);
  if (deps) await salesSettled(deps.leadSales);
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
  depsOfApp.set(app, deps);
  return {
    app,
    deps,
    db: database.db,
    database,
    async close() {
      await deps.referralClicks.close();
      deps.sessions.store.close();
      await database.close();
    },
  };
}

type Closable = { close(): Promise<unknown> };

/**
 * A test app beside fake servers of its own (DNS, Stripe, PayPal): `start` starts them first,
 * `env` tells the app where they answer, and closing the app closes them too.
 */
export async function createTestAppWith<S extends Record<string, Closable>>(
  start: { [K in keyof S]: () => Promise<S[K]> },
  env: (servers: S) => Record<string, string>,
  options: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, "env"> = {},
): Promise<{ t: TestApp } & S> {
  const servers = {} as S;
  for (const key of Object.keys(start) as (keyof S)[]) servers[key] = await start[key]();
  const t = await createTestApp({ ...options, env: env(servers) });
  const close = async () => {
    await t.close();
    for (const server of Object.values(servers)) await server.close();
  };
  return { ...servers, t: { ...t, close } };
}

/** A test app whose DNS lookups go to a fake DNS server of its own, which `env` may also use (to name nameservers, say). */
export const createTestAppWithDns = (
  options: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, "env"> & {
    env?: (dns: DnsServer) => Record<string, string>;
  } = {},
) =>
  createTestAppWith(
    { dns: startDnsServer },
    ({ dns }) => ({ DNS_SERVERS: dns.address, ...options.env?.(dns) }),
    options,
  );

/** A test app beside a fake Stripe that signs its webhooks with `webhookSecret`. */
export const createTestAppWithStripe = (webhookSecret: string) =>
  createTestAppWith({ fake: startFakeStripe }, ({ fake }) => fake.env(webhookSecret));

/** A test app beside a fake PayPal, with a public URL for PayPal's return links. */
export const createTestAppWithPayPal = (env: Record<string, string> = {}) =>
  createTestAppWith({ fake: startFakePayPal }, ({ fake }) => ({
    ...fake.env,
    PUBLIC_URL: "https://parkpilot.test",
    ...env,
  }));

/** A test app beside a fake Stripe (signing its webhooks with `webhookSecret`) and a fake PayPal. */
export const createTestAppWithPaymentFakes = (webhookSecret: string) =>
  createTestAppWith({ stripeFake: startFakeStripe, paypalFake: startFakePayPal }, (fakes) => ({
    ...fakes.stripeFake.env(webhookSecret),
    ...fakes.paypalFake.env,
  }));
