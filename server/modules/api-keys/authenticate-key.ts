import { sql } from "drizzle-orm";
import type { TApiKeyScope } from "../../../shared/api/api-keys";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { hashApiKey, looksLikeApiKey } from "./api-key-token";
import { type ApiPlan, type ApiSubscriptionPeriod, apiPlanOf, apiSubscriptionSql } from "./api-plan";
import { type Metered, meterCall } from "./meter-call";

/** Who is calling the API: the key, its owner and scopes, the plan, and what the call cost. */
export interface ApiCaller {
  keyId: string;
  userId: string;
  scopes: TApiKeyScope[];
  plan: ApiPlan;
  metered: Metered;
}

const badKey = () =>
  new AppError("UNAUTHORIZED", "Invalid or revoked API key. Send a key as Authorization: Bearer <key>.");

/**
 * Finds the active key whose hash matches, asks the owner's entitlements for the API plan and
 * counts the call against it. An unknown or revoked key is 401; an owner without an API plan
 * is 403. A call over the burst or the quota is not refused here: the caller is returned with
 * `metered.refused` set, so that the answer can carry the rate-limit headers with its 429.
 */
export async function authenticateKey(options: {
  db: Db;
  token: string;
  burstPerSecond: number;
}): Promise<ApiCaller> {
  const { db, token } = options;
  if (!looksLikeApiKey(token)) throw badKey();
  // The key and its owner's API subscription in one round trip: this runs before every call.
  const { rows } = await db.execute<{
    id: string;
    user_id: string;
    scopes: TApiKeyScope[];
    subscription: ApiSubscriptionPeriod | null;
  }>(sql`
    select k.id, k.user_id, k.scopes, (select row_to_json(s) from (${apiSubscriptionSql(sql`k.user_id`)}) s) as subscription
    from api_keys k where k.hash = ${hashApiKey(token)} and k.revoked_at is null
  `);
  const key = rows[0];
  if (!key) throw badKey();
  const plan = await apiPlanOf({ db, userId: key.user_id, subscription: key.subscription });
  if (!plan) {
    throw new AppError("FORBIDDEN", "This account has no API plan. Choose one under Settings → API Access.");
  }
  const metered = await meterCall({
    db,
    keyId: key.id,
    userId: key.user_id,
    plan,
    burstPerSecond: options.burstPerSecond,
  });
  return { keyId: key.id, userId: key.user_id, scopes: key.scopes, plan, metered };
}
