import { z } from "zod";

const boolish = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.url().optional(),
  PGLITE_DIR: z.string().default("./data/pglite"),
  SESSION_SECRET: z.string().min(16).optional(),
  PUBLIC_URL: z.url().optional(),
  QUOTES_URL: z.url().default("https://quotes.example.com/car-insurance"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: boolish,
  TRUST_PROXY: boolish,
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com"),
  /** The no-keys test checkout; default: on, except in production once a real provider has keys. */
  PAYMENTS_SANDBOX: boolish,
  SMTP_URL: z.string().optional(),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().positive().default(100),
  LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(500),
  MAIL_FROM: z.string().default("ParkPilot <no-reply@parkpilot.local>"),
});

export type Config = ReturnType<typeof parseConfig>;

/** Parses the environment once, at start; a bad key stops the process with every problem named. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && !c.SESSION_SECRET) {
    throw new Error("Invalid environment:\n  SESSION_SECRET: required in production (16+ characters)");
  }
  return {
    ...c,
    isProduction: c.NODE_ENV === "production",
    sessionSecret: c.SESSION_SECRET ?? "development-only-session-secret",
  };
}
