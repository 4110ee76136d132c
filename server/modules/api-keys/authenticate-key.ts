import { sql } from "drizzle-orm";
import type { TApiKeyScope } from "../../../shared/api/api-keys";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { SUSPENDED_MESSAGE } from "../auth/suspension";
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

/**
 * How long an instance reuses what it read of a key's owner and plan. Revocation and the
 * counters are checked in the database on every call; only a change of plan (bought, changed,
 * ended) reaches a busy key up to this late.
 */
const PLAN_READ_MS = 1_000;
/** Keys remembered at once; past it the memory starts over. */
const MAX_REMEMBERED = 10_000;

interface KeyRead {
  keyId: string;
  userId: string;
  scopes: TApiKeyScope[];
  plan: ApiPlan;
  /** The billing clock's offset from this process's clock when it was read. */
  clockOffsetMs: number;
  readAt: number;
}

const badKey = () =>
  new AppError("UNAUTHORIZED", "Invalid or revoked API key. Send a key as Authorization: Bearer <key>.");

/** The active key whose hash matches, with its owner's API plan: 401 without a key, 403 without a plan. */
async function readKey(db: Db, hash: string): Promise<KeyRead> {
  // The key and its owner's API subscription in one round trip.
  const { rows } = await db.execute<{
    id: string;
    user_id: string;
    scopes: TApiKeyScope[];
    subscription: ApiSubscriptionPeriod | null;
  }>(sql`
    select k.id, k.user_id, k.scopes, (select row_to_json(s) from (${apiSubscriptionSql(sql`k.user_id`)}) s) as subscription
    from api_keys k where k.hash = ${hash} and k.revoked_at is null
  `);
  const key = rows[0];
  if (!key) throw badKey();
  const plan = await apiPlanOf({ db, userId: key.user_id, subscription: key.subscription });
  if (!plan) {
    throw new AppError("FORBIDDEN", "This account has no API plan. Choose one under Settings → API Access.");
  }
  const readAt = Date.now();
  return {
    keyId: key.id,
    userId: key.user_id,
    scopes: key.scopes,
    plan,
    clockOffsetMs: plan.now.getTime() - readAt,
    readAt,
  };
}

/**
 * Authenticates API calls: finds the active key by its hash, asks the owner's entitlements for
 * the API plan, and counts the call against it (the metering statement also re-checks that the
 * key is still active, so a revocation refuses the very next call on every instance). An unknown
 * or revoked key is 401, an owner without an API plan 403. A call over the burst or the quota is
 * answered with `metered.refused` set, so that its 429 carries the rate-limit headers.
 */
export function createKeyAuthenticator(options: { db: Db; burstPerSecond: number }) {
  const { db, burstPerSecond } = options;
  const remembered = new Map<string, KeyRead>();

  return async function authenticate(token: string): Promise<ApiCaller> {
    if (!looksLikeApiKey(token)) throw badKey();
    const hash = hashApiKey(token);
    let read = remembered.get(hash);
    const now = () => new Date(Date.now() + (read?.clockOffsetMs ?? 0));
    if (!read || Date.now() - read.readAt > PLAN_READ_MS || now() >= read.plan.periodEnd) {
      read = await readKey(db, hash);
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(hash, read);
    }
    const plan = { ...read.plan, now: now() };
    const metered = await meterCall({ db, keyId: read.keyId, userId: read.userId, plan, burstPerSecond });
    if (metered.revoked) {
      remembered.delete(hash);
      throw badKey();
    }
    if (metered.suspended) throw new AppError("FORBIDDEN", SUSPENDED_MESSAGE);
    return { keyId: read.keyId, userId: read.userId, scopes: read.scopes, plan, metered };
  };
}
