import { z } from "zod";

/** Settings → API: the signed-in owner's keys and the month's usage (session routes). */
export const API_KEY_PATHS = {
  list: "/api/api-keys",
  one: "/api/api-keys/:id",
  usage: "/api/api-keys/usage",
} as const;

/** The entitlement an API plan grants (docs/money.md#subscriptions-and-entitlements): its `limit` is the monthly calls, null unlimited. */
export const API_ACCESS_FEATURE = "api-access";

export const API_KEY_SCOPES = ["read", "write"] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Two active keys per scope: a new key can be put in place before the old one is revoked. */
export const MAX_ACTIVE_KEYS_PER_SCOPE = 2;

/** Prefixes of live keys and of keys made while payments run in the sandbox. */
export const API_KEY_PREFIXES = { live: "pp_live_", test: "pp_test_" } as const;

export const ZCreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, "Name the key").max(60, "Key names are 60 characters at most"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, "Choose at least one scope")
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s))),
});
export type TCreateApiKeyBody = z.input<typeof ZCreateApiKeyBody>;

export const ZApiKeyIdParam = z.object({ id: z.uuid("API key not found") });

/** A key as listed: never the key itself, only what tells it apart. */
export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  last4: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyList = z.array(ZApiKey);

/** `POST /api/api-keys`: the only answer that carries the whole key. */
export const ZCreatedApiKey = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  prefix: z.string(),
  last4: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
});
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

/** `GET /api/api-keys/usage`: the plan's period, its calls by UTC day, and what is left. */
export const ZApiUsage = z.object({
  /** The plan's label ("Developer"…), or null without an API plan. */
  plan: z.string().nullable(),
  /** Calls a period; null when unlimited (or without a plan). */
  limit: z.number().nullable(),
  used: z.number(),
  /** Null when unlimited. */
  remaining: z.number().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  days: z.array(z.object({ day: z.string(), calls: z.number() })),
});
export type TApiUsage = z.infer<typeof ZApiUsage>;
