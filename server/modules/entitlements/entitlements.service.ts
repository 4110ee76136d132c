import { sql } from "drizzle-orm";
import type { TEntitlement } from "../../../shared/api/entitlements";
import { planOf } from "../../../shared/offer-grants";
import { billingNow } from "../../db/billing-clock";
import type { DbOrTx } from "../../db/tx";

type EntitlementRow = {
  feature: string;
  usage_limit: string | number | null;
  ends_at: Date | string | null;
  source: string;
  status: string;
  domain_id: string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What the user may use now (docs/money.md#subscriptions-and-entitlements): every entitlement that has started, has not ended and
 * was not ended early, the latest end first for each feature. This and `isEntitled` are the one
 * way a feature asks; the client reads the same answer from `GET /api/entitlements`.
 */
export async function entitlementsOf(options: {
  db: DbOrTx;
  userId: string;
  now?: Date;
}): Promise<TEntitlement[]> {
  const now = options.now ?? (await billingNow(options.db));
  const { rows } = await options.db.execute<EntitlementRow>(sql`
    select feature, usage_limit, ends_at, source, status, domain_id::text
    from entitlements
    where user_id = ${options.userId} and status <> 'ended'
      and starts_at <= ${now.toISOString()}::timestamptz
      and (ends_at is null or ends_at > ${now.toISOString()}::timestamptz)
    order by feature, ends_at desc nulls first
  `);
  return rows.map((r) => ({
    feature: r.feature,
    limit: r.usage_limit === null ? null : Number(r.usage_limit),
    endsAt: iso(r.ends_at),
    source: r.source,
    status: r.status,
    domainId: r.domain_id,
  }));
}

/** True when the user may use `feature` now (for the domain, when the feature is per domain). */
export async function isEntitled(options: {
  db: DbOrTx;
  userId: string;
  feature: string;
  domainId?: string;
  now?: Date;
}): Promise<boolean> {
  const granted = await entitlementsOf(options);
  return granted.some(
    (e) =>
      e.feature === options.feature && (!options.domainId || !e.domainId || e.domainId === options.domainId),
  );
}

/** The user's account plan, from their entitlements. */
export async function accountPlanOf(options: { db: DbOrTx; userId: string; now?: Date }): Promise<string> {
  return planOf(await entitlementsOf(options));
}

/**
 * Keeps `users.plan` (what the session answer carries) equal to what the entitlements say; run
 * after every change of a user's entitlements and by the billing sweep when some end by time.
 */
export async function syncAccountPlan(db: DbOrTx, userId: string, now?: Date): Promise<void> {
  const plan = await accountPlanOf({ db, userId, now });
  await db.execute(sql`update users set plan = ${plan} where id = ${userId} and plan <> ${plan}`);
}
