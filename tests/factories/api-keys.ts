import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import type { DbOrTx } from "../../server/db/tx";
import {
  API_ACCESS_FEATURE,
  API_KEY_PATHS,
  type TApiKeyScope,
  type TCreatedApiKey,
} from "../../shared/api/api-keys";

/**
 * Grants the API plan's entitlement as a paid order would (docs/money.md#subscriptions-and-entitlements): `limit` calls a period
 * (null: unlimited), for ever; its period is then the calendar month.
 */
export async function grantApiPlan(db: DbOrTx, userId: string, limit: number | null = 10_000): Promise<void> {
  await db.execute(sql`
    insert into entitlements (user_id, feature, usage_limit, source, starts_at)
    values (${userId}, ${API_ACCESS_FEATURE}, ${limit}, 'order', now() - interval '1 minute')
  `);
}

/**
 * An API subscription whose current period is the one given, and its entitlement to the
 * period's end, as the billing module records a paid subscription.
 */
export async function subscribeApiPlan(
  db: DbOrTx,
  userId: string,
  period: { start: Date; end: Date },
  plan: "developer" | "professional" | "enterprise" | "unlimited" = "developer",
): Promise<void> {
  const limits = { developer: 10_000, professional: 100_000, enterprise: 1_000_000, unlimited: null };
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into subscriptions (user_id, offer_id, request, description, amount, provider, status,
      current_period_start, current_period_end)
    values (${userId}, 'apiAccess', ${JSON.stringify({ plan })}::jsonb, 'API access', '49.00', 'sandbox', 'active',
      ${period.start.toISOString()}::timestamptz, ${period.end.toISOString()}::timestamptz)
    returning id
  `);
  await db.execute(sql`
    insert into entitlements (user_id, feature, usage_limit, source, subscription_id, starts_at, ends_at)
    values (${userId}, ${API_ACCESS_FEATURE}, ${limits[plan]}, 'subscription', ${rows[0].id},
      ${period.start.toISOString()}::timestamptz, ${period.end.toISOString()}::timestamptz)
  `);
}

/** Creates a key through Settings → API (the owner's session). */
export async function createApiKey(
  agent: Agent,
  scopes: TApiKeyScope[] = ["read", "write"],
  name = "Test key",
): Promise<TCreatedApiKey> {
  const res = await agent.post(API_KEY_PATHS.list).send({ name, scopes });
  if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TCreatedApiKey;
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
