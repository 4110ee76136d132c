import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { type ConfiguredLeadBuyer, ZConfiguredLeadBuyers } from "../../shared/api/lead-sales";
import { bareHost, createNameserverPool, type NameserverPool } from "./nameserver-pool";
import type { KeyEntry } from "./secret-box";
import { StartupError } from "./startup-error";

const boolish = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

/** Sixteen hosts: 120 pairs, so 120 accounts can each hold a name with its own pair. */
const DEFAULT_POOL = Array.from({ length: 16 }, (_, i) => `ns${i + 1}.parkpilot.net`).join(",");

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Default: 127.0.0.1 in development and test (nothing else on the network reaches it), 0.0.0.0 in production. */
  HOST: z.string().optional(),
  DATABASE_URL: z.url().optional(),
  PGLITE_DIR: z.string().default("./data/pglite"),
  SESSION_SECRET: z.string().min(16).optional(),
  /**
   * Keys that encrypt authenticator (TOTP) secrets at rest: `id:secret` entries, comma-separated,
   * each secret 32+ characters; the first encrypts, all decrypt (`npm run totp:rotate-key` moves
   * every secret to the first). Unset: one key, `session-…`, derived from SESSION_SECRET.
   */
  TOTP_ENCRYPTION_KEY: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  QUOTES_URL: z.url().default("https://quotes.example.com/car-insurance"),
  /**
   * The CDN in front of the parked pages, purged by a domain's surrogate key when its page is
   * saved: `none` (default, purges nothing) or `cloudflare` (CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN).
   */
  CDN_PURGE: z.enum(["none", "cloudflare"]).default("none"),
  CLOUDFLARE_ZONE_ID: z.string().optional(),
  CLOUDFLARE_API_TOKEN: z.string().optional(),
  /** Cloudflare's API address (its own unless told; tests point it at a local fake). */
  CLOUDFLARE_API_BASE: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: boolish,
  TRUST_PROXY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com"),
  /** The id PayPal gave the webhook subscription; PayPal checks each delivery against it. */
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  /** The no-keys test checkout; default: on, except in production once a real provider has keys. */
  PAYMENTS_SANDBOX: boolish,
  SMTP_URL: z.string().optional(),
  /** Shared with the mail provider, which signs its bounce reports with it (docs/affiliates.md#email-automation). */
  MAIL_BOUNCE_WEBHOOK_SECRET: z.string().min(16).optional(),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().positive().default(100),
  LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(500),
  MAIL_FROM: z.string().default("ParkPilot <no-reply@parkpilot.local>"),
  /** What the sandbox buyer credits a lead's owner with no buyer configured (development, tests, test mode), in dollars. */
  LEAD_VALUE: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, "a dollar amount under 10,000 with at most two decimals")
    .default("75"),
  /** A payout above this many dollars waits for staff review (the operator console) before it is sent. */
  PAYOUT_REVIEW_ABOVE: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "a dollar amount under 10,000,000 with at most two decimals")
    .default("1000"),
  /** Seconds each instance waits between looks for queued runs of the scheduled jobs. */
  JOB_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** How fast a lesson is read (an adult's silent reading); its words at this pace are its reading time. */
  COURSE_READING_WORDS_PER_MINUTE: z.coerce.number().int().min(50).max(10_000_000).default(238),
  /** Days a lead's earning stays pending (the returns window); 0 makes it available at once. */
  LEAD_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** The owner's share of a lead's sale price, in percent, credited as held funds when the buyer accepts it. */
  LEAD_OWNER_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(70),
  /** Days in which a buyer may return a lead (wrong data, duplicate, consumer denies); its owner's share is reversed. */
  LEAD_RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** How long the auction waits for buyers' bids, in milliseconds. */
  LEAD_PING_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(750),
  /** How long one post to a buyer may take, in milliseconds (a failed post is tried once more). */
  LEAD_POST_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
  /** Lead buyers given by configuration: a JSON array of `{name, pingUrl, postUrl, secret}` (optional `states`, `dailyCap`). */
  LEAD_BUYERS: z.string().optional(),
  /** Days an affiliate commission stays pending (the refund window); 0 makes it available at once. */
  COMMISSION_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** Days a marketplace buyer has to inspect a transferred domain before the sale completes by itself. */
  INSPECTION_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /** The platform's share of a marketplace sale, in percent of the price. */
  MARKETPLACE_COMMISSION_PERCENT: z.coerce.number().min(0).max(50).default(15),
  LEADS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(10),
  LEADS_PER_DOMAIN_PER_HOUR: z.coerce.number().int().positive().default(120),
  /**
   * Leads a domain verified 30 days or more is credited a UTC day; younger ones take 5 (first
   * week) or 20, and a domain whose leads are often returned half. Past it a lead is flagged.
   */
  LEADS_PER_DOMAIN_PER_DAY: z.coerce.number().int().positive().default(100),
  /** Calls one API key may make in one second, over the plan's monthly quota. */
  API_BURST_PER_SECOND: z.coerce.number().int().positive().max(100_000).default(20),
  /**
   * Host names the platform's nameserver pairs are formed from (comma-separated): each account is
   * given its own pair for a name, and NS records naming exactly that pair prove the name is its.
   */
  PARKING_NAMESERVER_POOL: z.string().default(DEFAULT_POOL),
  /**
   * The nameservers every account shared before pairs (earlier versions' one setting): domains
   * verified through them keep them, and they are never handed out as a pair.
   */
  PARKING_NAMESERVERS: z.string().default("ns1.parkpilot.net,ns2.parkpilot.net"),
  /** Resolvers for ownership checks, comma-separated `address[:port]`; default: the system's. */
  DNS_SERVERS: z.string().optional(),
  /**
   * The DNS sandbox (development only): ownership checks also read the records an owner publishes
   * in the app, on the domain's verify view. Default: on under `npm run dev` (NODE_ENV development);
   * production refuses to start with it.
   */
  DNS_SANDBOX: boolish,
  /** Where each connected service is reached (a fake stands in for it in tests); unset: the service's own API. */
  NAMECHEAP_API_URL: z.url().optional(),
  GODADDY_API_URL: z.url().optional(),
  PORKBUN_API_URL: z.url().optional(),
  DYNADOT_API_URL: z.url().optional(),
  /** Cloudflare's API root, `/client/v4` included (Cloudflare Registrar, through its SDK). */
  CLOUDFLARE_API_URL: z.url().optional(),
  SEDO_API_URL: z.url().optional(),
  BODIS_API_URL: z.url().optional(),
  PARKINGCREW_API_URL: z.url().optional(),
  ABOVE_API_URL: z.url().optional(),
  /** The day's reference rates that convert a network's non-USD figures (a Frankfurter-compatible API). */
  EXCHANGE_RATES_API_URL: z.url().default("https://api.frankfurter.app"),
  /** This server's public address as Namecheap's API whitelist names it. */
  NAMECHEAP_CLIENT_IP: z.string().default("127.0.0.1"),
  /** The first wait after a service's throttling answer, doubled on each retry (the service's own wait wins when longer). */
  CONNECTIONS_BACKOFF_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /** Hours between two scheduled syncs of one connection. */
  CONNECTIONS_SYNC_HOURS: z.coerce.number().int().min(1).max(168).default(6),
  /** Accounts made staff (the operator console), comma-separated emails: only once the address is confirmed. */
  ADMIN_EMAILS: z.string().optional(),
  /** The seller named on receipts: legal name, one-line postal address and tax id (VAT, GST, EIN). */
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(200).default("ParkPilot"),
  SELLER_ADDRESS: z.string().trim().max(300).optional(),
  SELLER_TAX_ID: z.string().trim().max(60).optional(),
  /** The tax rate catalogue prices include, in percent; unset: receipts show no tax lines. */
  TAX_RATE_PERCENT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,3})?$/, "a percentage below 100 with at most three decimals, e.g. 20 or 8.875")
    .optional(),
  TAX_LABEL: z.string().trim().min(1).max(40).default("Tax"),
  /** Where staff are told that a user opened or answered a support ticket; unset: every staff account. */
  SUPPORT_EMAIL: z.email().optional(),
});

export type Config = ReturnType<typeof parseConfig>;

/** Parses the environment once, at start; a bad key stops the process with every problem named. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new StartupError(`Invalid environment:\n${problems}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && !c.SESSION_SECRET) {
    throw new StartupError("Invalid environment:\n  SESSION_SECRET: required in production (16+ characters)");
  }
  const isProduction = c.NODE_ENV === "production";
  if (c.CDN_PURGE === "cloudflare" && !(c.CLOUDFLARE_ZONE_ID && c.CLOUDFLARE_API_TOKEN)) {
    throw new StartupError(
      "Invalid environment:\n  CDN_PURGE=cloudflare needs CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN (a token allowed to purge the zone's cache)",
    );
  }
  // The demo account's funds are withdrawable where they exist: production never makes it at start.
  if (isProduction && c.SEED_DEMO === true) {
    throw new StartupError(
      "Invalid environment:\n  SEED_DEMO: production never creates the demo account at start; run npm run db:seed on purpose if you want it",
    );
  }
  // Records anyone publishes in the app must never prove a name in production.
  if (isProduction && c.DNS_SANDBOX === true) {
    throw new StartupError(
      "Invalid environment:\n  DNS_SANDBOX: development only; production proves ownership through DNS alone (DNS_SERVERS)",
    );
  }
  // Production without PUBLIC_URL is someone trying the build on their own machine: it runs on
  // http://localhost (cookies without Secure, which a browser would not send back over plain
  // HTTP), and boot says once that a real address needs PUBLIC_URL.
  const publicUrlMissing = isProduction && !c.PUBLIC_URL;
  const sessionSecret = c.SESSION_SECRET ?? "development-only-session-secret";
  return {
    ...c,
    HOST: c.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    PUBLIC_URL: c.PUBLIC_URL ?? (isProduction ? `http://localhost:${c.PORT}` : undefined),
    publicUrlMissing,
    trustProxy: readTrustProxy(c.TRUST_PROXY),
    /** The origin every link in an email starts with: never a request's Host (docs/security.md#trust-at-the-edge). */
    appUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
    leadValue: Number(c.LEAD_VALUE).toFixed(2),
    leadBuyers: readLeadBuyers(c.LEAD_BUYERS),
    payoutReviewAbove: Number(c.PAYOUT_REVIEW_ABOVE).toFixed(2),
    nameserverPool: readNameserverPool(c.PARKING_NAMESERVER_POOL, c.PARKING_NAMESERVERS),
    dnsServers: readDnsServers(c.DNS_SERVERS),
    /** Whether ownership checks read the DNS sandbox's records (never in production). */
    dnsSandbox: !isProduction && (c.DNS_SANDBOX ?? c.NODE_ENV === "development"),
    adminEmails: readAdminEmails(c.ADMIN_EMAILS),
    supportEmail: c.SUPPORT_EMAIL?.toLowerCase(),
    /** Who sells, as receipts name them, and the tax the prices include. */
    receiptIssuer: {
      legalName: c.SELLER_LEGAL_NAME,
      address: c.SELLER_ADDRESS,
      taxId: c.SELLER_TAX_ID,
      taxRatePercent: c.TAX_RATE_PERCENT,
      taxLabel: c.TAX_LABEL,
    },
    isProduction,
    /**
     * Whether a start creates the demo account on an empty database: `npm run dev` on the
     * embedded engine (a new data folder), or a non-production start that asks; never production.
     */
    seedsDemoAtStart: (engine: "pglite" | "postgres") =>
      !isProduction && (c.SEED_DEMO ?? (engine === "pglite" && c.NODE_ENV === "development")),
    /** Cookies are `Secure` in production served over https (the one rule for every cookie). */
    secureCookies: isProduction && !(c.PUBLIC_URL ?? "http://").startsWith("http://"),
    sessionSecret,
    totpKeys: readTotpKeys(c.TOTP_ENCRYPTION_KEY, sessionSecret),
  };
}

/**
 * Which proxies' `X-Forwarded-*` headers are believed (docs/security.md#trust-at-the-edge): a hop count ("1": the load
 * balancer in front) or their addresses and subnets ("10.0.0.1, 10.0.0.0/8", or Express's names
 * "loopback", "uniquelocal"). Never "every hop": a client could then choose its own address.
 * "true" means the one proxy in front (1 hop); unset or "false" believes no header.
 */
export function readTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim().toLowerCase();
  if (!text || text === "false" || text === "0") return false;
  if (text === "true") return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const named = new Set(["loopback", "linklocal", "uniquelocal"]);
  const bad = list.filter((entry) => !named.has(entry) && !/^[\d.:a-f]+(\/\d{1,3})?$/.test(entry));
  if (bad.length > 0) {
    throw new StartupError(
      `Invalid environment:\n  TRUST_PROXY: expected a hop count or proxy addresses, not ${bad.join(", ")}`,
    );
  }
  return list;
}

const commaList = (value: string) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** At most this many hosts in the pool (about 500,000 pairs). */
const MAX_POOL_HOSTS = 1_000;

/** Distinct host names, lower case and without the root's trailing dot, the way NS answers are compared. */
function readNameservers(key: string, value: string, options: { min: number }): string[] {
  const names = [...new Set(commaList(value).map(bareHost))];
  const bad = names.filter((name) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(name));
  if (bad.length > 0 || names.length === 0) {
    throw new StartupError(
      `Invalid environment:\n  ${key}: expected host names like ns1.example.net, not ${bad.join(", ") || "nothing"}`,
    );
  }
  if (names.length < options.min || names.length > MAX_POOL_HOSTS) {
    throw new StartupError(
      `Invalid environment:\n  ${key}: expected ${options.min} to ${MAX_POOL_HOSTS} distinct host names, not ${names.length}`,
    );
  }
  return names;
}

function readNameserverPool(pool: string, legacy: string): NameserverPool {
  const created = createNameserverPool({
    hosts: readNameservers("PARKING_NAMESERVER_POOL", pool, { min: 2 }),
    legacy: readNameservers("PARKING_NAMESERVERS", legacy, { min: 1 }),
  });
  if (created.size === 0) {
    throw new StartupError(
      "Invalid environment:\n  PARKING_NAMESERVER_POOL: forms no pair but PARKING_NAMESERVERS, which is never handed out; add host names",
    );
  }
  return created;
}

/** `address`, `address:port` or `[v6]:port` entries as node's resolver takes them; undefined: the system's. */
function readDnsServers(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const servers = commaList(value);
  const address = (entry: string) =>
    entry.match(/^\[(.+)\](:\d{1,5})?$/)?.[1] ?? entry.replace(/:\d{1,5}$/, "");
  const bad = servers.filter((entry) => isIP(address(entry)) === 0 && isIP(entry) !== 6);
  if (servers.length === 0 || bad.length > 0) {
    throw new StartupError(
      `Invalid environment:\n  DNS_SERVERS: expected IP addresses with optional ports, not ${bad.join(", ") || "nothing"}`,
    );
  }
  return servers;
}

/** Lower-case addresses, the way sign-in compares them; a malformed entry stops the start. */
function readAdminEmails(value: string | undefined): string[] {
  const emails = commaList(value ?? "").map((email) => email.toLowerCase());
  const bad = emails.filter((email) => !z.email().safeParse(email).success);
  if (bad.length > 0) {
    throw new StartupError(
      `Invalid environment:\n  ADMIN_EMAILS: expected email addresses, not ${bad.join(", ")}`,
    );
  }
  return emails;
}

/**
 * The id of the TOTP key derived from a SESSION_SECRET: `session-` and 8 hex digits of a hash of
 * it, so that secrets sealed under an earlier SESSION_SECRET name a key the start finds missing.
 */
export const sessionKeyId = (sessionSecret: string) =>
  `session-${createHash("sha256").update(`parkpilot totp key id:${sessionSecret}`).digest("hex").slice(0, 8)}`;

/**
 * `id:secret` entries, the first encrypting new TOTP secrets. The key derived from SESSION_SECRET
 * is kept last for reading, so moving to an own key is setting it and running
 * `npm run totp:rotate-key`; one derived from an earlier SESSION_SECRET is given as
 * `session-…:<that secret>`.
 */
export function readTotpKeys(value: string | undefined, sessionSecret: string): KeyEntry[] {
  const derived = { id: sessionKeyId(sessionSecret), secret: sessionSecret };
  if (value === undefined) return [derived];
  const entries = commaList(value).map((entry) => {
    const at = entry.indexOf(":");
    return { id: at > 0 ? entry.slice(0, at) : "", secret: at > 0 ? entry.slice(at + 1) : "" };
  });
  const problems = [
    ...entries
      .filter((e) => !/^[A-Za-z0-9_-]{1,32}$/.test(e.id) || e.secret.length < 32)
      .map(
        (e) =>
          `${e.id || "an entry"}: expected id:secret, an id of letters, digits, - or _ and a secret of 32+ characters`,
      ),
    ...entries
      .filter((e, i) => entries.findIndex((other) => other.id === e.id) !== i)
      .map((e) => `${e.id}: the same id twice`),
  ];
  if (entries.length === 0 || problems.length > 0) {
    throw new StartupError(
      `Invalid environment:\n  TOTP_ENCRYPTION_KEY: ${problems.join("; ") || "expected id:secret entries"}`,
    );
  }
  return entries.some((e) => e.id === derived.id) ? entries : [...entries, derived];
}

/** `LEAD_BUYERS`: a JSON array of buyers; a malformed one stops the start with what is wrong. */
function readLeadBuyers(value: string | undefined): ConfiguredLeadBuyer[] {
  if (!value?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new StartupError("Invalid environment:\n  LEAD_BUYERS: expected a JSON array of buyers");
  }
  const parsed = ZConfiguredLeadBuyers.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new StartupError(`Invalid environment:\n  LEAD_BUYERS: ${problems}`);
  }
  return parsed.data;
}
