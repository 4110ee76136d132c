import type { RequestHandler } from "express";
import type { Config } from "./config";
import type { Database, Db } from "./db/pool";
import { createSessionMiddleware } from "./http/session";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { linkReferral } from "./modules/affiliates/link-referral";
import type { OnRegistered } from "./modules/auth/auth.service";
import { type AuthLimitOptions, type AuthLimits, createAuthLimits } from "./modules/auth/auth-limits";
import { createOwnershipChecker, type OwnershipChecker } from "./modules/domains/check-ownership";
import { createPayments, type Payments } from "./payments/payments";

/** Everything the app needs from outside, built once at boot (or per test file). */
export interface AppDeps {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  authLimits: AuthLimits;
  sessions: ReturnType<typeof createSessionMiddleware>;
  mailer: Mailer;
  payments: Payments;
  /** DNS lookups that prove a domain's ownership (DESIGN §13), on `DNS_SERVERS`. */
  ownership: OwnershipChecker;
  onRegistered?: OnRegistered;
  /** Serves the web client after the API: Vite in development, the built files in production. */
  client?: RequestHandler[];
}

export function createDeps(options: {
  config: Config;
  logger: Logger;
  database: Database;
  authLimits?: Partial<AuthLimitOptions>;
  pruneSessions?: boolean;
}): AppDeps {
  const { config, logger, database } = options;
  const mailer = createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  return {
    config,
    logger,
    database,
    db: database.db,
    authLimits: createAuthLimits(database.pool, {
      loginPerAccount: config.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
      loginPerAddress: config.LOGIN_FAILURES_PER_ADDRESS_PER_HOUR,
      loginPerDevice: 10,
      codesPerAccount: 10,
      registerPerAddress: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      resetPerAddress: 10,
      ...options.authLimits,
    }),
    mailer,
    payments: createPayments(config),
    ownership: createOwnershipChecker({
      servers: config.dnsServers,
      parkingNameservers: config.parkingNameservers,
    }),
    onRegistered: linkReferral({ mailer }),
    sessions: createSessionMiddleware({
      pool: database.pool,
      secret: config.sessionSecret,
      secure: config.secureCookies,
      prune: options.pruneSessions ?? true,
    }),
  };
}
