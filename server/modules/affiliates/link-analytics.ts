import { sql } from "drizzle-orm";
import { LINK_ANALYTICS_FEATURE, type TLinkAnalytics } from "../../../shared/api/affiliates";
import { centsToDecimal, toCents } from "../../../shared/money";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { isEntitled } from "../entitlements/entitlements.service";

const DAY_MS = 86_400_000;
/** A click without a campaign is listed under this name. */
export const NO_CAMPAIGN = "(none)";

type Row = {
  source: string;
  campaign: string;
  clicks: number;
  registrations: number;
  paid: number;
  commission: string;
};
type Figures = TLinkAnalytics["totals"];

function add(into: Figures, row: Row): Figures {
  return {
    clicks: into.clicks + Number(row.clicks),
    registrations: into.registrations + Number(row.registrations),
    paidReferrals: into.paidReferrals + Number(row.paid),
    commission: centsToDecimal(toCents(into.commission) + toCents(row.commission)),
  };
}
const ZERO: Figures = { clicks: 0, registrations: 0, paidReferrals: 0, commission: "0.00" };

function groupBy<K extends string>(rows: Row[], key: (r: Row) => string, name: K) {
  const groups = new Map<string, Figures>();
  for (const row of rows) groups.set(key(row), add(groups.get(key(row)) ?? ZERO, row));
  return [...groups]
    .map(([k, figures]) => ({ [name]: k, ...figures }) as Figures & Record<K, string>)
    .sort((a, b) => b.clicks - a.clicks);
}

/**
 * Clicks on the user's referral links over the last `days`, by day, source and UTM campaign, and
 * for each tagged link the accounts registered after a click, those that paid, and the
 * commission they earned the user. 403 without Analytics Pro.
 */
export async function linkAnalytics(options: { db: DbOrTx; userId: string; days: number; now?: Date }) {
  const { db, userId, days } = options;
  if (!(await isEntitled({ db, userId, feature: LINK_ANALYTICS_FEATURE }))) {
    throw new AppError("FORBIDDEN", "Link analytics need the Analytics Pro tool of the Marketing Suite.");
  }
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - (days - 1) * DAY_MS);
  const from = `${since.toISOString().slice(0, 10)}T00:00:00Z`;
  const { rows } = await db.execute<Row>(sql`
    select c.source, coalesce(c.utm_campaign, ${NO_CAMPAIGN}) as campaign, count(*)::int as clicks,
      count(c.registered_user_id)::int as registrations,
      count(*) filter (where exists (
        select 1 from service_orders o where o.user_id = c.registered_user_id and o.status = 'paid'
      ))::int as paid,
      coalesce(sum(a.total_commissions), 0)::numeric(14, 2)::text as commission
    from referral_clicks c
    left join affiliates a on a.referred_user_id = c.registered_user_id and a.user_id = ${userId}
    where c.user_id = ${userId} and c.clicked_at >= ${from}::timestamptz
    group by 1, 2
    order by clicks desc, 1, 2
  `);
  const { rows: daily } = await db.execute<{ date: string; clicks: number }>(sql`
    select to_char(clicked_at at time zone 'UTC', 'YYYY-MM-DD') as date, count(*)::int as clicks
    from referral_clicks where user_id = ${userId} and clicked_at >= ${from}::timestamptz
    group by 1
  `);
  const byDate = new Map(daily.map((d) => [d.date, Number(d.clicks)]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, clicks: byDate.get(date) ?? 0 };
  });
  return {
    days,
    totals: rows.reduce(add, ZERO),
    byDay,
    bySource: groupBy(rows, (r) => r.source, "source"),
    byCampaign: groupBy(rows, (r) => r.campaign, "campaign"),
    links: rows.map((r) => ({
      source: r.source,
      campaign: r.campaign,
      ...add(ZERO, r),
    })),
  } satisfies TLinkAnalytics;
}
