import { isIP } from "node:net";
import { z } from "zod";
import { StartupError } from "./lib/startup-error";

const boolish = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Default: 127.0.0.1 in development and test (nothing else on the network reaches it), 0.0.0.0 in production. */
  HOST: z.string().optional(),
  DATABASE_URL: z.url().optional(),
  PGLITE_DIR: z.string().default("./data/pglite"),
  SESSION_SECRET: z.string().min(16).optional(),
  PUBLIC_URL: z.url().optional(),
  QUOTES_URL: z.url().default("https://quotes.example.com/car-insurance"),
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
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().positive().default(100),
  LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(500),
  MAIL_FROM: z.string().default("ParkPilot <no-reply@parkpilot.local>"),
  /** What a lead captured on a verified parked domain earns its owner, in dollars (held funds). */
  LEAD_VALUE: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, "a dollar amount under 10,000 with at most two decimals")
    .default("75"),
  /** A payout above this many dollars waits for staff review (the operator console) before it is sent. */
  PAYOUT_REVIEW_ABOVE: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "a dollar amount under 10,000,000 with at most two decimals")
    .default("1000"),
  /** Days a lead's earning stays pending (the returns window); 0 makes it available at once. */
  LEAD_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Days an affiliate commission stays pending (the refund window); 0 makes it available at once. */
  COMMISSION_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  LEADS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(10),
  LEADS_PER_DOMAIN_PER_HOUR: z.coerce.number().int().positive().default(120),
  /** Calls one API key may make in one second, over the plan's monthly quota. */
  API_BURST_PER_SECOND: z.coerce.number().int().positive().max(100_000).default(20),
  /** The platform's nameservers: a domain whose NS records are all among them is verified (comma-separated). */
  PARKING_NAMESERVERS: z.string().default("ns1.parkpilot.net,ns2.parkpilot.net"),
  /** Resolvers for ownership checks, comma-separated `address[:port]`; default: the system's. */
  DNS_SERVERS: z.string().optional(),
  /** Accounts made staff (the operator console), comma-separated emails: only once the address is confirmed. */
  ADMIN_EMAILS: z.string().optional(),
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
  // Production without PUBLIC_URL is someone trying the build on their own machine: it runs on
  // http://localhost (cookies without Secure, which a browser would not send back over plain
  // HTTP), and boot says once that a real address needs PUBLIC_URL.
  const publicUrlMissing = isProduction && !c.PUBLIC_URL;
  return {
    ...c,
    HOST: c.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    PUBLIC_URL: c.PUBLIC_URL ?? (isProduction ? `http://localhost:${c.PORT}` : undefined),
    publicUrlMissing,
    trustProxy: readTrustProxy(c.TRUST_PROXY),
    /** The origin every link in an email starts with: never a request's Host (DESIGN §14). */
    appUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
    leadValue: Number(c.LEAD_VALUE).toFixed(2),
    payoutReviewAbove: Number(c.PAYOUT_REVIEW_ABOVE).toFixed(2),
    parkingNameservers: readNameservers(c.PARKING_NAMESERVERS),
    dnsServers: readDnsServers(c.DNS_SERVERS),
    adminEmails: readAdminEmails(c.ADMIN_EMAILS),
    supportEmail: c.SUPPORT_EMAIL?.toLowerCase(),
    isProduction,
    /** Cookies are `Secure` in production served over https (the one rule for every cookie). */
    secureCookies: isProduction && !(c.PUBLIC_URL ?? "http://").startsWith("http://"),
    sessionSecret: c.SESSION_SECRET ?? "development-only-session-secret",
  };
}

/**
 * Which proxies' `X-Forwarded-*` headers are believed (DESIGN §14): a hop count ("1": the load
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

/** Host names, lower case and without the root's trailing dot, the way NS answers are compared. */
function readNameservers(value: string): string[] {
  const names = commaList(value).map((name) => name.toLowerCase().replace(/\.$/, ""));
  const bad = names.filter((name) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(name));
  if (names.length === 0 || bad.length > 0) {
    throw new StartupError(
      `Invalid environment:\n  PARKING_NAMESERVERS: expected host names like ns1.example.net, not ${bad.join(", ") || "nothing"}`,
    );
  }
  return names;
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
