import { and, desc, eq, sql } from "drizzle-orm";
import type {
  TDomain,
  TDomainDetail,
  TDomainService,
  TDomainTrafficDay,
  TNewDomain,
  TUpdateDomainBody,
} from "../../../shared/api/domains";
import { accountEvents, domainServices, domains } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { normalizeDomainName } from "../../lib/domain-name";
import { selectDomains, UTC_TODAY } from "./domain-rows";

export function listDomains(options: { db: Db; userId: string }): Promise<TDomain[]> {
  return selectDomains(options.db, { userId: options.userId });
}

async function findDomain(db: DbOrTx, userId: string, domainId: string): Promise<TDomain> {
  const [domain] = await selectDomains(db, { userId, domainId });
  if (!domain) throw notFound("Domain");
  return domain;
}

/** Why a name cannot be added: it is yours already, or parked by someone else. */
async function conflictFor(db: DbOrTx, userId: string, name: string): Promise<AppError> {
  const [owner] = await db.select({ userId: domains.userId }).from(domains).where(eq(domains.name, name));
  return owner?.userId === userId
    ? new AppError("CONFLICT", `${name} is already in your portfolio.`)
    : new AppError("CONFLICT", `${name} is already parked by another owner.`);
}

/** Adds a domain under its normalised name; a name is parked by one owner on the whole platform. */
export async function createDomain(options: { db: Db; userId: string; input: TNewDomain }): Promise<TDomain> {
  const { db, userId, input } = options;
  const checked = normalizeDomainName(input.name);
  if (!checked.ok) throw new AppError("BAD_REQUEST", checked.reason);
  const { name } = checked;

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(domains)
      .values({ ...input, name, userId })
      .onConflictDoNothing({ target: domains.name })
      .returning({ id: domains.id });
    if (!created) throw await conflictFor(tx, userId, name);
    await tx.insert(accountEvents).values({ userId, kind: "domain_added", description: `Added ${name}` });
    return findDomain(tx, userId, created.id);
  });
}

export async function getDomainDetail(options: {
  db: Db;
  userId: string;
  domainId: string;
}): Promise<TDomainDetail> {
  const { db, userId, domainId } = options;
  const domain = await findDomain(db, userId, domainId);
  const [totals] = (
    await db.execute<{ totalRevenue: string; totalVisitors: number; totalLeads: number }>(sql`
      select
        (select coalesce(sum(amount), 0)::numeric(12,2)::text from revenue_events
          where domain_id = ${domainId} and user_id = ${userId}) as "totalRevenue",
        ((select coalesce(sum(visitors), 0) from parking_reports where domain_id = ${domainId})
          + (select coalesce(sum(visits), 0) from domain_traffic where domain_id = ${domainId}))::int as "totalVisitors",
        (select coalesce(sum(leads), 0) from domain_traffic where domain_id = ${domainId})::int as "totalLeads"
    `)
  ).rows;
  return { ...domain, ...totals };
}

/** Edit Domain: changes only the fields given; an expiry must not precede the registration. */
export async function updateDomain(options: {
  db: Db;
  userId: string;
  domainId: string;
  input: TUpdateDomainBody;
}): Promise<TDomain> {
  const { db, userId, domainId, input } = options;
  const current = await findDomain(db, userId, domainId);
  const { expiryDate, ...rest } = input;
  if (expiryDate && expiryDate < current.registrationDate.slice(0, 10)) {
    throw new AppError("BAD_REQUEST", "The expiry date cannot be before the registration date.");
  }
  const changes: Partial<typeof domains.$inferInsert> = rest;
  if (expiryDate !== undefined) changes.expiryDate = expiryDate ? new Date(`${expiryDate}T12:00:00Z`) : null;
  if (Object.keys(changes).length > 0) {
    await db
      .update(domains)
      .set(changes)
      .where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
  }
  return findDomain(db, userId, domainId);
}

/** Removes a domain; the revenue it earned stays in the ledger. */
export async function deleteDomain(options: { db: Db; userId: string; domainId: string }): Promise<void> {
  const { db, userId, domainId } = options;
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(domains)
      .where(and(eq(domains.id, domainId), eq(domains.userId, userId)))
      .returning({ name: domains.name });
    if (!gone) throw notFound("Domain");
    await tx
      .insert(accountEvents)
      .values({ userId, kind: "domain_removed", description: `Removed ${gone.name}` });
  });
}

export async function listDomainServices(options: {
  db: Db;
  userId: string;
  domainId: string;
}): Promise<TDomainService[]> {
  const { db, userId, domainId } = options;
  await findDomain(db, userId, domainId);
  const rows = await db
    .select({
      id: domainServices.id,
      serviceType: domainServices.serviceType,
      status: domainServices.status,
      createdAt: domainServices.createdAt,
    })
    .from(domainServices)
    .where(and(eq(domainServices.domainId, domainId), eq(domainServices.userId, userId)))
    .orderBy(desc(domainServices.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * A domain's days, oldest first and with every day present: visits and leads on the parked
 * host, the networks' reported visitors and parking revenue, and lead revenue.
 */
export async function getDomainTraffic(options: {
  db: Db;
  userId: string;
  domainId: string;
  days: number;
}): Promise<TDomainTrafficDay[]> {
  const { db, userId, domainId, days } = options;
  await findDomain(db, userId, domainId);
  const result = await db.execute<TDomainTrafficDay>(sql`
    with days as (
      select generate_series(${UTC_TODAY} - ${days - 1}::int, ${UTC_TODAY}, interval '1 day')::date as day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(t.visits, 0)::int as visits, coalesce(t.leads, 0)::int as leads,
      coalesce(p.visitors, 0)::int as "parkingVisitors",
      coalesce(p.revenue, 0)::numeric(12,2)::text as "parkingRevenue",
      coalesce(l.revenue, 0)::numeric(12,2)::text as "leadRevenue"
    from days
    left join domain_traffic t on t.domain_id = ${domainId} and t.day = days.day
    left join (
      select day, sum(visitors) as visitors, sum(revenue) as revenue from parking_reports
      where domain_id = ${domainId} and day >= ${UTC_TODAY} - ${days - 1}::int group by day
    ) p on p.day = days.day
    left join (
      select (occurred_at at time zone 'UTC')::date as day, sum(amount) as revenue from revenue_events
      where domain_id = ${domainId} and user_id = ${userId} and type = 'lead'
        and (occurred_at at time zone 'UTC')::date >= ${UTC_TODAY} - ${days - 1}::int
      group by 1
    ) l on l.day = days.day
    order by days.day
  `);
  return result.rows;
}
