import { type SQL, sql } from "drizzle-orm";
import { type TDomain, type TDomainSort, verificationTxtValue } from "../../../shared/api/domains";
import { containsPattern } from "../../db/contains-pattern";
import { exactIsoTime, isoTime } from "../../db/iso-time";
import type { DbOrTx } from "../../db/tx";
import { proofWords } from "./ownership-proof";

/** Traffic days (`domain_traffic.day`) are calendar days in UTC. */
/**
 * A calendar date (registration, expiry) as the instant it is stored at: noon UTC, which is the
 * same calendar day in every time zone from UTC−11 to UTC+11, wherever it is displayed.
 */
export const calendarDay = (date: SQL) => sql`(${date}::date + time '12:00') at time zone 'UTC'`;

/** Days over which `parkingRevenue` (a daily average) and `visitors` are measured. */
export const RECENT_DAYS = 30;

/** The owner's calendar day, in the owner's time zone. */
const ownerToday = (userId: string) =>
  sql`(select (now() at time zone u.time_zone)::date from users u where u.id = ${userId})`;

/** The advisory lock that the `domain_figures` triggers take shared, per owner. */
const figuresLock = (userId: string) => sql`hashtextextended('domain_figures:' || ${userId}::uuid, 0)`;

type DomainRow = Omit<TDomain, "verification"> & {
  stale: boolean;
  sortValue: string;
  token: string;
  assignedNameservers: string[] | null;
  rule: string | null;
  verifiedAt: string | null;
  checkedAt: string | null;
};

/**
 * A page of the portfolio in one of its orders (each a keyset: its value, then the name, unique
 * per owner), after the row the cursor names, with optional filters: what `GET /api/domains` and
 * `/api/v1/domains` (newest first only) read.
 */
export interface DomainPage {
  limit: number;
  sort?: TDomainSort;
  /** The last row of the page before: its sort value (as `sortValue` wrote it) and its name. */
  after?: { value: string; name: string };
  status?: string;
  adNetwork?: string;
  /** Part of the name, any case. */
  q?: string;
}

/** A domain without an expiry date expires last. */
const expiryKey = sql`coalesce(d.expiry_date, 'infinity'::timestamptz)`;

/**
 * Each order's key, how its value is written into a cursor (text), how a cursor's value is read
 * back, and its direction; ties are broken by name, A to Z.
 */
const SORTS: Record<
  TDomainSort,
  { key: SQL; text: SQL; read: (after: { value: string; name: string }) => SQL; desc: boolean }
> = {
  newest: {
    key: sql`d.created_at`,
    text: exactIsoTime(sql`d.created_at`),
    read: ({ value }) => sql`${value}::timestamptz`,
    desc: true,
  },
  // The name is the key itself; the cursor's value stays empty.
  name: { key: sql`d.name`, text: sql`''`, read: ({ name }) => sql`${name}`, desc: false },
  revenue: {
    key: sql`coalesce(f.revenue, 0)`,
    text: sql`coalesce(f.revenue, 0)::text`,
    read: ({ value }) => sql`${value}::numeric`,
    desc: true,
  },
  visitors: {
    key: sql`coalesce(f.visitors, 0)`,
    text: sql`coalesce(f.visitors, 0)::text`,
    read: ({ value }) => sql`${value}::bigint`,
    desc: true,
  },
  expiry: {
    key: expiryKey,
    text: sql`coalesce(${exactIsoTime(sql`d.expiry_date`)}, '')`,
    read: ({ value }) => (value === "" ? sql`'infinity'::timestamptz` : sql`${value}::timestamptz`),
    desc: false,
  },
};

/** The filters of a page (or of the count of its portfolio): status, ad network, part of the name. */
const filters = (page: Omit<DomainPage, "limit" | "sort" | "after">) => {
  const like = page.q ? containsPattern(page.q) : undefined;
  return sql`${page.status ? sql`and d.status = ${page.status}` : sql``}
    ${page.adNetwork ? sql`and d.ad_network = ${page.adNetwork}` : sql``}
    ${like ? sql`and d.name like ${like}` : sql``}`;
};

const pageFilter = (page: DomainPage) => {
  const sort = SORTS[page.sort ?? "newest"];
  const after = page.after;
  const beyond = after
    ? sql`and (${sort.key} ${sort.desc ? sql`<` : sql`>`} ${sort.read(after)}
        or (${sort.key} = ${sort.read(after)} and d.name > ${after.name}))`
    : sql``;
  return sql`${beyond} ${filters(page)}
    order by ${sort.key} ${sort.desc ? sql`desc` : sql`asc`}, d.name limit ${page.limit + 1}`;
};

/** How many of the owner's domains the filters keep. */
export async function countDomains(
  db: DbOrTx,
  userId: string,
  page: Omit<DomainPage, "limit" | "sort" | "after">,
): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from domains d where d.user_id = ${userId} ${filters(page)}`,
  );
  return Number(rows[0]?.count ?? 0);
}

async function readDomains(
  db: DbOrTx,
  userId: string,
  domainId?: string,
  page?: DomainPage,
): Promise<DomainRow[]> {
  const result = await db.execute<DomainRow & Record<string, unknown>>(sql`
    with today as (select ${ownerToday(userId)} as day)
    select d.id, d.name, d.status, d.ad_network as "adNetwork", d.nameservers,
      d.parking_template as "parkingTemplate",
      round(coalesce(f.revenue, 0) / ${RECENT_DAYS}::int, 2)::text as "parkingRevenue",
      coalesce(f.visitors, 0)::int as visitors,
      ${isoTime(sql`d.registration_date`)} as "registrationDate", ${isoTime(sql`d.expiry_date`)} as "expiryDate",
      d.marketplace_price as "marketplacePrice", d.purchase_price as "purchasePrice",
      d.renewal_cost as "renewalCost", ${isoTime(sql`d.created_at`)} as "createdAt",
      d.verification_token as token, d.verification_nameservers as "assignedNameservers",
      d.verification_rule as "rule",
      ${isoTime(sql`d.verified_at`)} as "verifiedAt",
      ${isoTime(sql`d.verification_checked_at`)} as "checkedAt", ${isoTime(sql`d.sold_at`)} as "soldAt",
      f.domain_id is null or f.as_of <> today.day as stale,
      ${SORTS[page?.sort ?? "newest"].text} as "sortValue"
    from domains d
    cross join today
    left join domain_figures f on f.domain_id = d.id
    where d.user_id = ${userId} ${domainId ? sql`and d.id = ${domainId}` : sql``}
    ${page ? pageFilter(page) : sql`order by d.created_at desc, d.name`}
  `);
  return result.rows;
}

/**
 * Recomputes the figures of the owner's domains that have none or have another day's: one
 * aggregate over the 30 days up to the owner's today. The exclusive per-owner lock waits for
 * report and traffic writers in flight (their triggers hold it shared), so the aggregate sees
 * every committed change and every later change is added by the triggers.
 */
async function refreshFigures(db: DbOrTx, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${figuresLock(userId)})`);
    await tx.execute(sql`
      with today as (select ${ownerToday(userId)} as day),
      stale as (
        select d.id from domains d
        cross join today
        left join domain_figures f on f.domain_id = d.id
        where d.user_id = ${userId} and (f.domain_id is null or f.as_of <> today.day)
      ),
      parking as (
        select p.domain_id, sum(p.revenue) as revenue, sum(p.visitors) as visitors
        from parking_reports p, today
        where p.user_id = ${userId} and p.day >= today.day - ${RECENT_DAYS - 1}::int
          and p.domain_id in (select id from stale)
        group by p.domain_id
      ),
      traffic as (
        select t.domain_id, sum(t.visits) as visits
        from domain_traffic t, today
        where t.user_id = ${userId} and t.day >= today.day - ${RECENT_DAYS - 1}::int
          and t.domain_id in (select id from stale)
        group by t.domain_id
      )
      insert into domain_figures (domain_id, user_id, as_of, revenue, visitors)
      select stale.id, ${userId}, today.day, coalesce(parking.revenue, 0),
        coalesce(parking.visitors, 0) + coalesce(traffic.visits, 0)
      from stale
      cross join today
      left join parking on parking.domain_id = stale.id
      left join traffic on traffic.domain_id = stale.id
      on conflict (domain_id) do update set
        user_id = excluded.user_id, as_of = excluded.as_of, revenue = excluded.revenue, visitors = excluded.visitors
    `);
  });
}

/**
 * The user's domains (or the one `domainId`), newest first, each with its figures over the last
 * 30 days of the owner's calendar: `parkingRevenue` is the average daily parking revenue (the
 * dashboard's month estimate is it times 30), `visitors` adds ad-network visitors and visits
 * counted on the parked host. The figures come from `domain_figures`, recomputed first for any
 * domain whose figures are missing or of another day (once a day per owner, or for new domains).
 */
export async function selectDomains(
  db: DbOrTx,
  options: { userId: string; domainId?: string },
): Promise<TDomain[]> {
  const rows = await readFresh(db, options.userId, options.domainId);
  return rows.map(toDomain);
}

/** One page of the portfolio (`DomainPage`), and the cursor of the next page (null on the last). */
export async function selectDomainPage(
  db: DbOrTx,
  options: { userId: string; page: DomainPage },
): Promise<{ data: TDomain[]; next: { value: string; name: string } | null }> {
  const rows = await readFresh(db, options.userId, undefined, options.page);
  const more = rows.length > options.page.limit;
  const shown = more ? rows.slice(0, options.page.limit) : rows;
  const last = shown.at(-1);
  return {
    data: shown.map(toDomain),
    next: more && last ? { value: last.sortValue, name: last.name } : null,
  };
}

/** Whether any of the owner's domains has no figures, or another day's. */
async function hasStaleFigures(db: DbOrTx, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ stale: boolean }>(sql`
    select exists (
      select 1 from domains d
      left join domain_figures f on f.domain_id = d.id
      where d.user_id = ${userId} and (f.domain_id is null or f.as_of <> ${ownerToday(userId)})
    ) as stale
  `);
  return rows[0]?.stale === true;
}

async function readFresh(db: DbOrTx, userId: string, domainId?: string, page?: DomainPage) {
  // An order by the figures ranks every domain, on the page or not: all of them are made fresh
  // first, once a day (asking costs one read without a lock; refreshing takes the owner's lock).
  if ((page?.sort === "revenue" || page?.sort === "visitors") && (await hasStaleFigures(db, userId)))
    await refreshFigures(db, userId);
  let rows = await readDomains(db, userId, domainId, page);
  if (rows.some((r) => r.stale)) {
    await refreshFigures(db, userId);
    rows = await readDomains(db, userId, domainId, page);
  }
  return rows;
}

function toDomain(row: DomainRow): TDomain {
  const {
    stale: _stale,
    sortValue: _sortValue,
    token,
    assignedNameservers,
    rule,
    verifiedAt,
    checkedAt,
    ...domain
  } = row;
  return {
    ...domain,
    verification: {
      status: verifiedAt ? "verified" : "pending",
      txtRecord: { name: domain.name, value: verificationTxtValue(token) },
      nameservers: assignedNameservers ?? [],
      proof: proofWords(rule),
      verifiedAt,
      lastCheckedAt: checkedAt,
    },
  };
}
