import type { RequestHandler } from "express";
import type { Config } from "./config";
import type { Database, Db } from "./db/pool";
import { createRateLimit, type RateLimit, waitInWords } from "./http/rate-limit";
import { createSessionMiddleware } from "./http/session";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { linkReferral } from "./modules/affiliates/link-referral";
import type { OnRegistered } from "./modules/auth/auth.service";
import { type AuthLimitOptions, type AuthLimits, createAuthLimits } from "./modules/auth/auth-limits";
import { createOwnershipChecker, type OwnershipChecker } from "./modules/domains/check-ownership";
import { createPayments, type Payments } from "./payments/payments";
import { wireOrderEffects } from "./wire-order-effects";

/** Invitations one account may send per day. */
export const INVITES_PER_DAY = 50;
/** Messages one buyer may send sellers per hour. */
export const CONTACTS_PER_HOUR = 20;
const HOUR = 60 * 60;

/** The rate limits outside sign-in (those are `authLimits`), each counted in PostgreSQL. */
export interface RateLimits {
  /**
   * Per inviting account, so the invite form cannot mail strangers in bulk or probe which
   * addresses have accounts. Every attempt counts, refused ones included.
   */
  affiliateInvites: RateLimit;
  /** Per sender account, so a flood of messages cannot fill sellers' inboxes. */
  marketplaceContacts: RateLimit;
  /** Leads a visitor's address may send, and a domain may receive, per hour. */
  leads: { perAddress: RateLimit; perDomain: RateLimit };
}

function createRateLimits(pool: Database["pool"], config: Config): RateLimits {
  const tooManyLeads = (wait: number) => `Too many requests. Please try again in ${waitInWords(wait)}.`;
  return {
    affiliateInvites: createRateLimit(pool, {
      keyPrefix: "affiliate_invite",
      points: INVITES_PER_DAY,
      windowSeconds: 24 * HOUR,
      message: (wait) =>
        `You have sent too many invitations today. Please try again in ${waitInWords(wait)}.`,
    }),
    marketplaceContacts: createRateLimit(pool, {
      keyPrefix: "marketplace_contact",
      points: CONTACTS_PER_HOUR,
      windowSeconds: HOUR,
      message: (wait) => `You have sent too many messages. Please try again in ${waitInWords(wait)}.`,
    }),
    leads: {
      perAddress: createRateLimit(pool, {
        keyPrefix: "lead_address",
        points: config.LEADS_PER_ADDRESS_PER_HOUR,
        windowSeconds: HOUR,
        message: tooManyLeads,
      }),
      perDomain: createRateLimit(pool, {
        keyPrefix: "lead_domain",
        points: config.LEADS_PER_DOMAIN_PER_HOUR,
        windowSeconds: HOUR,
        message: tooManyLeads,
      }),
    },
  };
}

/** Everything the app needs from outside, built once at boot (or per test file). */
export interface AppDeps {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  authLimits: AuthLimits;
  limits: RateLimits;
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
  wireOrderEffects();
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
    limits: createRateLimits(database.pool, config),
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
