import { sql } from "drizzle-orm";
import type { PlanLimitDetail } from "../../../shared/errors";
import { type AccountPlan, planById, planThatLifts, type TPlanLimitKey } from "../../../shared/plans";
import { billingNow } from "../../db/billing-clock";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { accountPlanOf } from "../entitlements/entitlements.service";

/** The actions a plan limits (docs/product.md#account-plans). */
export type PlanAction =
  /** Adding domains to the portfolio, by hand, by CSV (`count` new names) or by the API. */
  | { kind: "add-domains"; count: number }
  /** Changing a domain: refused while it is beyond the plan's domain limit (read-only). */
  | { kind: "edit-domain"; domainId: string; name: string }
  /**
   * A parking-report import: `spend` counts it against today's allowance (in the import's
   * transaction, so a failed import gives it back); without it, only checks that one is left.
   */
  | { kind: "import-parking-report"; spend: boolean }
  /** Inviting a team member: pending invitations and members each hold a seat. */
  | { kind: "invite-member" }
  /** Accepting an invitation: refused when the members alone already fill the plan's seats. */
  | { kind: "add-member" };

const PARKING_COUNTER: TPlanLimitKey = "parkingImportsPerDay";

const count = (n: number) => n.toLocaleString("en-US");

function refusal(plan: AccountPlan, key: TPlanLimitKey, used: number, needed: number, message: string) {
  const lift = planThatLifts(key, needed);
  const upgradeTo = lift && lift.id !== plan.id ? lift : null;
  const detail: PlanLimitDetail = {
    key,
    limit: plan.limits[key] ?? 0,
    used,
    plan: plan.id,
    upgradeTo: upgradeTo ? { id: upgradeTo.id, label: upgradeTo.label, limit: upgradeTo.limits[key] } : null,
  };
  const offer = upgradeTo
    ? ` ${upgradeTo.label} allows ${upgradeTo.limits[key] === null ? "any number" : count(upgradeTo.limits[key] as number)}.`
    : "";
  return new AppError("PLAN_LIMIT", `${message}${offer}`, { limit: detail });
}

async function domainCount(db: DbOrTx, userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from domains where user_id = ${userId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Serialises the decisions about one owner's seats (invitations, acceptances) until the calling
 * transaction ends, so two requests at the boundary cannot both pass. Taking it twice is harmless.
 */
export async function lockSeats(db: DbOrTx, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('plan-seats:' || ${ownerId}, 0))`);
}

/** Team seats in use: members, and invitations still pending (not accepted, withdrawn or expired). */
export async function seatsUsed(db: DbOrTx, ownerId: string): Promise<{ members: number; pending: number }> {
  const { rows } = await db.execute<{ members: number; pending: number }>(sql`
    select
      (select count(*)::int from team_memberships where owner_id = ${ownerId}) as members,
      (select count(*)::int from team_invitations where owner_id = ${ownerId} and accepted_at is null
        and revoked_at is null and expires_at > now()) as pending
  `);
  return { members: Number(rows[0]?.members ?? 0), pending: Number(rows[0]?.pending ?? 0) };
}

/** The user's calendar day now (the billing clock's now, in the user's time zone). */
async function userDay(db: DbOrTx, userId: string): Promise<string> {
  const now = await billingNow(db);
  const { rows } = await db.execute<{ day: string }>(sql`
    select to_char((${now.toISOString()}::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD') as day
    from users where id = ${userId}
  `);
  return rows[0]?.day ?? now.toISOString().slice(0, 10);
}

async function usedToday(db: DbOrTx, userId: string, counter: TPlanLimitKey, day: string): Promise<number> {
  const { rows } = await db.execute<{ used: number }>(sql`
    select used from plan_usage where user_id = ${userId} and counter = ${counter} and day = ${day}::date
  `);
  return Number(rows[0]?.used ?? 0);
}

/**
 * The one question every action a plan limits asks, with the account's plan now (from its
 * entitlements): throws `403 PLAN_LIMIT` naming the limit, what is used of it and the cheapest
 * plan that lifts it. Adding domains is decided under a lock per account, so two requests at
 * the boundary cannot both pass; call it inside the action's transaction.
 */
export async function assertPlanAllows(db: DbOrTx, userId: string, action: PlanAction): Promise<void> {
  const plan = planById(await accountPlanOf({ db, userId }));
  switch (action.kind) {
    case "add-domains": {
      const limit = plan.limits.domains;
      if (limit === null || action.count === 0) return;
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('plan-domains:' || ${userId}, 0))`);
      const used = await domainCount(db, userId);
      if (used + action.count <= limit) return;
      const adding = action.count === 1 ? "" : ` This would add ${count(action.count)}.`;
      throw refusal(
        plan,
        "domains",
        used,
        used + action.count,
        `Your ${plan.label} plan allows ${count(limit)} domains and your portfolio has ${count(used)}.${adding}`,
      );
    }
    case "edit-domain": {
      const limit = plan.limits.domains;
      if (limit === null) return;
      // Read-only when at least `limit` of the account's domains were added before it.
      const { rows } = await db.execute<{ before: number }>(sql`
        select count(*)::int as before from domains d, domains me
        where me.id = ${action.domainId} and me.user_id = ${userId} and d.user_id = ${userId}
          and (d.created_at, d.id) < (me.created_at, me.id)
      `);
      if (Number(rows[0]?.before ?? 0) < limit) return;
      const used = await domainCount(db, userId);
      throw refusal(
        plan,
        "domains",
        used,
        used,
        `${action.name} is read-only: your ${plan.label} plan allows ${count(limit)} domains and your portfolio has ${count(used)}. Remove ${count(used - limit)} to edit it again, or upgrade.`,
      );
    }
    case "invite-member":
    case "add-member": {
      const limit = plan.limits.teamSeats;
      if (limit === null) return;
      await lockSeats(db, userId);
      const { members, pending } = await seatsUsed(db, userId);
      const used = action.kind === "invite-member" ? members + pending : members;
      if (used + 1 <= limit) return;
      const held =
        pending > 0 && action.kind === "invite-member"
          ? ` (${count(pending)} of them invitations not yet accepted)`
          : "";
      throw refusal(
        plan,
        "teamSeats",
        used,
        used + 1,
        limit === 0
          ? `Your ${plan.label} plan has no team seats.`
          : `Your ${plan.label} plan has ${count(limit)} team seat${limit === 1 ? "" : "s"} and ${count(used)} ${used === 1 ? "is" : "are"} taken${held}.`,
      );
    }
    case "import-parking-report": {
      const limit = plan.limits.parkingImportsPerDay;
      if (limit === null) return;
      const day = await userDay(db, userId);
      const message = `Your ${plan.label} plan allows ${count(limit)} parking-report imports a day, and today's are used. Import again tomorrow, or upgrade.`;
      if (!action.spend) {
        const used = await usedToday(db, userId, PARKING_COUNTER, day);
        if (used >= limit) throw refusal(plan, PARKING_COUNTER, used, used + 1, message);
        return;
      }
      const { rows } = await db.execute<{ used: number }>(sql`
        insert into plan_usage as u (user_id, counter, day, used)
        values (${userId}, ${PARKING_COUNTER}, ${day}::date, 1)
        on conflict (user_id, counter, day) do update set used = u.used + 1 where u.used < ${limit}
        returning used
      `);
      if (rows.length === 0) throw refusal(plan, PARKING_COUNTER, limit, limit + 1, message);
      return;
    }
  }
}

/**
 * The domains beyond a domain limit: the newest ones (by when they were added). They keep all
 * their data and stay readable and removable; nothing is deleted by a downgrade.
 */
export async function readOnlyDomainIds(db: DbOrTx, userId: string, limit: number | null): Promise<string[]> {
  if (limit === null) return [];
  const { rows } = await db.execute<{ id: string }>(sql`
    select id::text from domains where user_id = ${userId}
    order by created_at, id offset ${limit}
  `);
  return rows.map((r) => r.id);
}

/** The account's plan, what it uses of each limit and which domains are read-only. */
export async function planUsage(db: DbOrTx, userId: string) {
  const plan = planById(await accountPlanOf({ db, userId }));
  const domains = await domainCount(db, userId);
  const imports = await usedToday(db, userId, PARKING_COUNTER, await userDay(db, userId));
  const seats = await seatsUsed(db, userId);
  const usage = (key: TPlanLimitKey, used: number) => {
    const limit = plan.limits[key];
    const lift = limit === null ? null : planThatLifts(key, limit + 1);
    return {
      used,
      limit,
      upgradeTo: lift ? { id: lift.id, label: lift.label, limit: lift.limits[key] } : null,
    };
  };
  return {
    plan: plan.id,
    label: plan.label,
    usage: {
      domains: usage("domains", domains),
      parkingImportsPerDay: usage(PARKING_COUNTER, imports),
      teamSeats: usage("teamSeats", seats.members + seats.pending),
    },
    readOnlyDomainIds: await readOnlyDomainIds(db, userId, plan.limits.domains),
  };
}
