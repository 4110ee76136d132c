import type { RequestHandler } from "express";
import type { Database, Db } from "./db/pool";
import { createRateLimit, type RateLimit, waitInWords } from "./http/rate-limit";
import { createSessionMiddleware } from "./http/session";
import { type CdnPurge, cloudflarePurge, noCdnPurge } from "./lib/cdn-purge";
import type { Config } from "./lib/config";
import type { Logger } from "./lib/logger";
import type { SecretBox } from "./lib/secret-box";
import { createMailer, type Mailer } from "./mail/mailer";
import { type ClickRecorder, clickRecorder } from "./modules/affiliates/click-recorder";
import { linkReferral } from "./modules/affiliates/link-referral";
import type { OnRegistered } from "./modules/auth/auth.service";
import { type AuthLimits, signInPolicy } from "./modules/auth/auth-limits";
import { createTotpKeys, type TotpKeys } from "./modules/auth/totp-secrets";
import { createOwnershipChecker, type OwnershipChecker } from "./modules/domains/check-ownership";
import { sandboxOwnershipChecker } from "./modules/domains/dns-sandbox";
import { createLeadSales, type LeadSales } from "./modules/lead-sales/lead-sales";
import { createTaxIdKeys } from "./modules/payouts/tax-forms.service";
import { paidContext } from "./order-effects/order-effects";
import type { PaidContext } from "./payments/money-effects";
import { createPayments, type Payments } from "./payments/payments";

/** Invitations one account may send per day. */
export const INVITES_PER_DAY = 50;
/** Messages one buyer may send sellers per hour. */
export const CONTACTS_PER_HOUR = 20;
/** Support tickets one account may open per hour. */
export const TICKETS_PER_HOUR = 10;
/** Clicks on one parked domain's links counted per hour from one network, and from one visitor. */
export const PARKED_CLICKS_PER_NETWORK_PER_HOUR = 30;
export const PARKED_CLICKS_PER_VISITOR_PER_HOUR = 10;
/** Free estimates one account may ask for per hour: plenty for typing names, too few to scrape. */
export const ESTIMATES_PER_HOUR = 120;
/** Invitation links one address may open per hour: a team's worth of reloads, too few to guess tokens with. */
export const INVITATION_PREVIEWS_PER_HOUR = 60;
const HOUR = 60 * 60;

/** How many attempts the sign-in limits allow; tests lower them to reach a limit quickly. */
export interface AuthLimitOptions {
  /** Sign-in attempts per account per hour (a successful sign-in clears the count). */
  loginPerAccount: number;
  /** Sign-in attempts per address per hour. */
  loginPerAddress: number;
  /** Sign-in attempts per known device per hour, once its account is locked. */
  loginPerDevice: number;
  /** Second-factor codes per account per 15 minutes. */
  codesPerAccount: number;
  /** Registrations per address per hour. */
  registerPerAddress: number;
  /** Password-reset requests per address per hour. */
  resetPerAddress: number;
}

/** Every rate limit of the app, each counted in PostgreSQL so that every instance shares it. */
export interface RateLimits {
  /**
   * Sign-in (docs/security.md#trust-at-the-edge): password attempts per account, per address and per known device, and
   * second-factor codes per account. `authLimits` applies them (which counts, which resets).
   */
  signIn: { perAccount: RateLimit; perAddress: RateLimit; perDevice: RateLimit; codes: RateLimit };
  /** Accounts created per address. */
  registrations: RateLimit;
  /** Password-reset requests per address. */
  passwordResets: RateLimit;
  /**
   * Per inviting account, so the invite form cannot mail strangers in bulk or probe which
   * addresses have accounts. Every attempt counts, refused ones included.
   */
  affiliateInvites: RateLimit;
  /** Per sender account, so a flood of messages cannot fill sellers' inboxes. */
  marketplaceContacts: RateLimit;
  /** Leads a visitor's address may send, and a domain may receive, per hour. */
  leads: { perAddress: RateLimit; perDomain: RateLimit };
  /** Support tickets per account, so a flood of tickets cannot bury the queue or staff inboxes. */
  supportTickets: RateLimit;
  /** Free appraisal estimates per account, so the engine is not used to value a whole zone file. */
  appraisalEstimates: RateLimit;
  /** Invitation links opened signed out or in, per address: the preview answers no one without the token. */
  invitationPreviews: RateLimit;
  /**
   * Clicks on a parked page's links and for-sale buttons counted per domain, per network (/24 or
   * /48) and per visitor: past them a click still leads on and counts nowhere.
   */
  parkedClicks: { perNetwork: RateLimit; perVisitor: RateLimit };
}

const signInMessage = (wait: number) =>
  `Too many sign-in attempts. Please try again in ${waitInWords(wait)}.`;

function createRateLimits(pool: Database["pool"], config: Config, auth: AuthLimitOptions): RateLimits {
  const tooManyLeads = (wait: number) => `Too many requests. Please try again in ${waitInWords(wait)}.`;
  const signInLimit = (keyPrefix: string, points: number) =>
    createRateLimit(pool, { keyPrefix, points, windowSeconds: HOUR, message: signInMessage });
  return {
    signIn: {
      perAccount: signInLimit("signin_account", auth.loginPerAccount),
      perAddress: signInLimit("signin_address", auth.loginPerAddress),
      perDevice: signInLimit("signin_device", auth.loginPerDevice),
      codes: createRateLimit(pool, {
        keyPrefix: "signin_code",
        points: auth.codesPerAccount,
        windowSeconds: 15 * 60,
        message: (wait) => `Too many codes tried. Please try again in ${waitInWords(wait)}.`,
      }),
    },
    registrations: createRateLimit(pool, {
      keyPrefix: "register_address",
      points: auth.registerPerAddress,
      windowSeconds: HOUR,
      message: (wait) =>
        `Too many accounts created from this address. Please try again in ${waitInWords(wait)}.`,
    }),
    passwordResets: createRateLimit(pool, {
      keyPrefix: "reset_address",
      points: auth.resetPerAddress,
      windowSeconds: HOUR,
      message: (wait) => `Too many password-reset requests. Please try again in ${waitInWords(wait)}.`,
    }),
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
    supportTickets: createRateLimit(pool, {
      keyPrefix: "support_ticket",
      points: TICKETS_PER_HOUR,
      windowSeconds: HOUR,
      message: (wait) => `You have opened too many tickets. Please try again in ${waitInWords(wait)}.`,
    }),
    appraisalEstimates: createRateLimit(pool, {
      keyPrefix: "appraisal_estimate",
      points: ESTIMATES_PER_HOUR,
      windowSeconds: HOUR,
      message: (wait) => `Too many estimates. Please try again in ${waitInWords(wait)}.`,
    }),
    invitationPreviews: createRateLimit(pool, {
      keyPrefix: "invitation_preview",
      points: INVITATION_PREVIEWS_PER_HOUR,
      windowSeconds: HOUR,
      message: (wait) => `Too many invitation links opened. Please try again in ${waitInWords(wait)}.`,
    }),
    parkedClicks: {
      perNetwork: createRateLimit(pool, {
        keyPrefix: "parked_click_network",
        points: PARKED_CLICKS_PER_NETWORK_PER_HOUR,
        windowSeconds: HOUR,
        message: tooManyLeads,
      }),
      perVisitor: createRateLimit(pool, {
        keyPrefix: "parked_click_visitor",
        points: PARKED_CLICKS_PER_VISITOR_PER_HOUR,
        windowSeconds: HOUR,
        message: tooManyLeads,
      }),
    },
  };
}

/** DNS lookups on `DNS_SERVERS`; in development, first the DNS sandbox's records (never in production). */
function ownershipChecker(config: Config, db: Db): OwnershipChecker {
  const real = createOwnershipChecker({ servers: config.dnsServers, pool: config.nameserverPool });
  return config.dnsSandbox ? sandboxOwnershipChecker(db, real, config.nameserverPool) : real;
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
  /** What fulfilment runs when an order is paid or refunded (every area's effects), and the commission hold. */
  paid: PaidContext;
  /** DNS lookups that prove a domain's ownership (docs/security.md#domain-ownership), on `DNS_SERVERS`. */
  ownership: OwnershipChecker;
  /** Lead buyers, their circuits and how leads are sold by ping-post (docs/money.md#lead-sales). */
  leadSales: LeadSales;
  /** The keys that encrypt authenticator secrets (`TOTP_ENCRYPTION_KEY`). */
  totpKeys: TotpKeys;
  /** The keys that encrypt payees' taxpayer ids: the authenticator secrets' keys, for another purpose. */
  taxIdKeys: SecretBox;
  onRegistered?: OnRegistered;
  /** The short referral link's clicks, written in batches; flushed at shutdown. */
  referralClicks: ClickRecorder;
  /** Drops a parked page from the CDN in front when its owner saves it (`CDN_PURGE`). */
  cdn: CdnPurge;
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
  const limits = createRateLimits(database.pool, config, {
    loginPerAccount: config.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
    loginPerAddress: config.LOGIN_FAILURES_PER_ADDRESS_PER_HOUR,
    loginPerDevice: 10,
    codesPerAccount: 10,
    registerPerAddress: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    resetPerAddress: 10,
    ...options.authLimits,
  });
  const payments = createPayments(config);
  return {
    config,
    logger,
    database,
    db: database.db,
    authLimits: signInPolicy(limits),
    limits,
    mailer,
    payments,
    paid: paidContext(config.COMMISSION_HOLD_DAYS, payments),
    ownership: ownershipChecker(config, database.db),
    totpKeys: createTotpKeys(config.totpKeys),
    taxIdKeys: createTaxIdKeys(config.totpKeys),
    leadSales: createLeadSales({
      db: database.db,
      mailer,
      logger,
      keys: config.totpKeys,
      configured: config.leadBuyers,
      settings: {
        sharePercent: config.LEAD_OWNER_SHARE_PERCENT,
        holdDays: config.LEAD_HOLD_DAYS,
        returnDays: config.LEAD_RETURN_DAYS,
        pingTimeoutMs: config.LEAD_PING_TIMEOUT_MS,
        postTimeoutMs: config.LEAD_POST_TIMEOUT_MS,
        // Production never makes up a sale: with no buyer, leads stay unsold, unless the deployment
        // runs in test mode (PAYMENTS_SANDBOX=true, a banner on every page), as the sandbox checkout does.
        sandboxCredit: (config.PAYMENTS_SANDBOX ?? !config.isProduction) ? config.leadValue : null,
      },
      invoices: { appUrl: config.appUrl, tokenSecret: config.sessionSecret },
    }),
    cdn:
      config.CDN_PURGE === "cloudflare" && config.CLOUDFLARE_ZONE_ID && config.CLOUDFLARE_API_TOKEN
        ? cloudflarePurge({
            zoneId: config.CLOUDFLARE_ZONE_ID,
            apiToken: config.CLOUDFLARE_API_TOKEN,
            baseURL: config.CLOUDFLARE_API_BASE,
          })
        : noCdnPurge,
    onRegistered: linkReferral({ mailer }),
    referralClicks: clickRecorder({ pool: database.pool, logger }),
    sessions: createSessionMiddleware({
      pool: database.pool,
      secret: config.sessionSecret,
      secure: config.secureCookies,
      prune: options.pruneSessions ?? true,
    }),
  };
}
