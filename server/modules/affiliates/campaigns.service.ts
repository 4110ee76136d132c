import { and, desc, eq, sql } from "drizzle-orm";
import type { TCampaign } from "../../../shared/api/affiliates";
import { optionById, RECRUITMENT_GOALS } from "../../../shared/prices";
import { recruitmentCampaigns, type ServiceOrder } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { DbOrTx } from "../../db/tx";
import { notify } from "../notifications/notify";

const DAY_MS = 86_400_000;
/** The offer whose paid order funds a campaign (catalogue key). */
export const RECRUITMENT_OFFER = "recruitmentIncentive";

const requestOf = (order: Pick<ServiceOrder, "metadata">) =>
  (order.metadata?.request as Record<string, unknown> | undefined) ?? {};

/**
 * A paid Recruitment Bonus order starts its campaign: the goal's recruits within the goal's days,
 * from now on the billing clock (so the sandbox's moved time ends it). Idempotent by order.
 */
export async function startCampaign(tx: DbOrTx, order: ServiceOrder): Promise<void> {
  const goal = optionById(RECRUITMENT_GOALS, String(requestOf(order).goal ?? ""));
  const now = await billingNow(tx);
  const endsAt = new Date(now.getTime() + goal.durationDays * DAY_MS);
  const [row] = await tx
    .insert(recruitmentCampaigns)
    .values({
      userId: order.userId,
      orderId: order.id,
      goal: goal.recruits,
      bonus: order.price,
      test: order.provider === "sandbox",
      startsAt: now,
      endsAt,
    })
    .onConflictDoNothing()
    .returning({ id: recruitmentCampaigns.id });
  if (!row) return;
  await notify(tx, {
    userId: order.userId,
    kind: "campaign_update",
    title: "Recruitment campaign started",
    body: `Goal: ${goal.recruits} paying recruits by ${endsAt.toISOString().slice(0, 10)}.`,
    href: "/affiliates",
  });
}

/** A refunded campaign order ends its campaign where it stands, with no bonus paid or returned. */
export async function cancelCampaign(tx: DbOrTx, order: Pick<ServiceOrder, "id">): Promise<void> {
  await tx
    .update(recruitmentCampaigns)
    .set({ status: "cancelled", settledAt: await billingNow(tx) })
    .where(and(eq(recruitmentCampaigns.orderId, order.id), eq(recruitmentCampaigns.status, "active")));
}

/** The user's campaigns, newest first, with their recruits counted. */
export async function listCampaigns(options: { db: DbOrTx; userId: string }): Promise<TCampaign[]> {
  const now = await billingNow(options.db);
  const rows = await options.db
    .select({
      campaign: recruitmentCampaigns,
      recruits: sql<number>`(select count(*)::int from campaign_recruits r where r.campaign_id = ${recruitmentCampaigns.id})`,
    })
    .from(recruitmentCampaigns)
    .where(eq(recruitmentCampaigns.userId, options.userId))
    .orderBy(desc(recruitmentCampaigns.createdAt));
  return rows.map(({ campaign: c, recruits }) => ({
    id: c.id,
    goal: c.goal,
    recruits: Number(recruits),
    bonus: c.bonus,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    status: c.status as TCampaign["status"],
    test: c.test,
    daysLeft:
      c.status === "active" ? Math.max(0, Math.ceil((c.endsAt.getTime() - now.getTime()) / DAY_MS)) : 0,
  }));
}
