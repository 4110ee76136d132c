import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type {
  TDomain,
  TDomainDetail,
  TDomainService,
  TDomainTrafficDay,
  TNewDomain,
  TPortfolioQuery,
  TUpdateDomainBody,
} from "../../../shared/api/domains";
import { encodeCursor } from "../../../shared/api/v1/common";
import type { TDomainListQuery } from "../../../shared/api/v1/domains";
import { LIVE_SALE_MESSAGE } from "../../../shared/marketplace-deals";
import {
  accountEvents,
  domainServices,
  domains,
  nameserverAssignments,
  reports,
} from "../../../shared/schema";
import { UTC_TODAY } from "../../db/iso-time";
import { hasLiveSale } from "../../db/live-sale";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { normalizeDomainName } from "../../lib/domain-name";
import type { NameserverPool } from "../../lib/nameserver-pool";
import { assertPlanAllows } from "../plans/plan-limits";
import { serviceWorkOrders } from "../work-orders/buyer-work-orders";
import { assignNameservers } from "./assign-nameservers";
import type { OwnershipChecker } from "./check-ownership";
import { countDomains, selectDomainPage, selectDomains } from "./domain-rows";
import { ruleFromDelegation } from "./ownership-proof";
import { lockName } from "./record-ownership-check";

interface Scope {
  db: Db;
  userId: string;
}

/**
 * A page of the portfolio (`GET /api/domains`) in the order asked, filtered, with the cursor of
 * the page after it (null on the last) and how many domains the filters keep in all.
 */
export async function portfolioPage(
  options: Scope & { query: TPortfolioQuery },
): Promise<{ data: TDomain[]; nextCursor: string | null; total: number }> {
  const { limit, sort, after, ...filters } = options.query;
  const [page, total] = await Promise.all([
    selectDomainPage(options.db, { ...options, page: { limit, sort, after, ...filters } }),
    countDomains(options.db, options.userId, filters),
  ]);
  return {
    data: page.data,
    nextCursor: page.next ? encodeCursor([page.next.value, page.next.name]) : null,
    total,
  };
}

/** A page of `GET /api/v1/domains`: newest first, filtered, with the cursor of the page after it. */
export async function listDomainPage(
  options: Scope & { query: TDomainListQuery },
): Promise<{ data: TDomain[]; nextCursor: string | null }> {
  const { cursor, limit, ...filters } = options.query;
  const after = cursor ? { value: cursor.time, name: cursor.key } : undefined;
  const page = await selectDomainPage(options.db, { ...options, page: { limit, after, ...filters } });
  return {
    data: page.data,
    nextCursor: page.next ? encodeCursor([page.next.value, page.next.name]) : null,
  };
}

export async function findDomain(
  db: DbOrTx,
  scope: Omit<Scope, "db"> & { domainId: string },
): Promise<TDomain> {
  const [domain] = await selectDomains(db, scope);
  if (!domain) throw notFound("Domain");
  return domain;
}

/** Calendar dates are stored at noon UTC, so that the UTC date is the day itself. */
const calendarDay = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * An acquisition day, refused when it has not begun anywhere yet (UTC+14 is the first zone to
 * reach a day, so an owner east of Greenwich can still name their own today).
 */
function acquisitionDay(day: string): Date {
  const latestToday = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
  if (day > latestToday) throw new AppError("BAD_REQUEST", "The acquisition date cannot be in the future.");
  return calendarDay(day);
}

/**
 * Adds a domain under its normalised name, `pending` until its ownership is proven
 * (docs/security.md#domain-ownership), whatever status the body asks for; the same name twice is
 * refused. The copy is given a nameserver pair drawn for it, which no other account is ever given
 * for the name, and the rule that proves it: a name whose nameservers already name the platform's
 * is proven by its TXT record; a name another account has verified waits, and is proven by its TXT
 * record and its pair together once that account's proof lapses.
 */
export async function createDomain(
  options: Scope & { input: TNewDomain; nameserverPool: NameserverPool; checker: OwnershipChecker },
): Promise<TDomain> {
  const { db, userId, nameserverPool } = options;
  const { registrationDate, ...input } = options.input;
  const checked = normalizeDomainName(input.name);
  if (!checked.ok) throw new AppError("BAD_REQUEST", checked.reason);
  const { name } = checked;
  const acquired = registrationDate ? { registrationDate: acquisitionDay(registrationDate) } : {};
  // Looked up before the transaction, so no connection waits on DNS.
  const delegation = await options.checker.delegation(name);

  return db.transaction(async (tx) => {
    await lockName(tx, name);
    const [verified] = await tx
      .select({ userId: domains.userId })
      .from(domains)
      .where(and(eq(domains.name, name), isNotNull(domains.verifiedAt), ne(domains.userId, userId)));
    await assertPlanAllows(tx, userId, { kind: "add-domains", count: 1 });
    const [earlier] = await tx
      .select({ pair: nameserverAssignments.nameservers })
      .from(nameserverAssignments)
      .where(and(eq(nameserverAssignments.name, name), eq(nameserverAssignments.userId, userId)));
    const assigned = await assignNameservers(tx, { pool: nameserverPool, userId, names: [name] });
    const [created] = await tx
      .insert(domains)
      .values({
        ...input,
        ...acquired,
        status: "pending",
        name,
        userId,
        verificationNameservers: assigned.get(name) ?? [],
        verificationRule: verified ? "both" : ruleFromDelegation(delegation, nameserverPool, earlier?.pair),
      })
      .onConflictDoNothing({ target: [domains.userId, domains.name] })
      .returning({ id: domains.id });
    if (!created) throw new AppError("CONFLICT", `${name} is already in your portfolio.`);
    await tx.insert(accountEvents).values({ userId, kind: "domain_added", description: `Added ${name}` });
    return findDomain(tx, { ...options, domainId: created.id });
  });
}

export async function getDomainDetail(options: Scope & { domainId: string }): Promise<TDomainDetail> {
  const { db, userId, domainId } = options;
  const domain = await findDomain(db, options);
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

/**
 * Edit Domain: changes only the fields given; an expiry must not precede the registration. The
 * status follows verification: a pending domain stays pending (only proof verifies it), and a
 * verified one moves between active and parked.
 */
export async function updateDomain(
  options: Scope & { domainId: string; input: TUpdateDomainBody },
): Promise<TDomain> {
  const { db, userId, domainId, input } = options;
  const current = await findDomain(db, options);
  await assertPlanAllows(db, userId, { kind: "edit-domain", domainId, name: current.name });
  const { expiryDate, registrationDate, ...rest } = input;
  const verified = current.verification.status === "verified";
  if (input.status && input.status !== "pending" && !verified) {
    throw new AppError(
      "UNPROCESSABLE",
      `${current.name} is not verified yet: publish its TXT record or point its nameservers at the pair shown for it, then press Verify now.`,
    );
  }
  if (input.status === "pending" && verified) {
    throw new AppError("UNPROCESSABLE", `${current.name} is verified: its status is active or parked.`);
  }
  const acquired = registrationDate ?? current.registrationDate.slice(0, 10);
  const expires = expiryDate === undefined ? current.expiryDate?.slice(0, 10) : expiryDate;
  if (expires && expires < acquired) {
    throw new AppError("BAD_REQUEST", "The expiry date cannot be before the registration date.");
  }
  const changes: Partial<typeof domains.$inferInsert> = rest;
  if (expiryDate !== undefined) changes.expiryDate = expiryDate ? calendarDay(expiryDate) : null;
  if (registrationDate) changes.registrationDate = acquisitionDay(registrationDate);
  if (Object.keys(changes).length > 0) {
    await db
      .update(domains)
      .set(changes)
      .where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
  }
  return findDomain(db, options);
}

/** Removes a domain; the revenue it earned stays in the ledger. */
export async function deleteDomain(options: { db: Db; userId: string; domainId: string }): Promise<void> {
  const { db, userId, domainId } = options;
  await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(and(eq(domains.id, domainId), eq(domains.userId, userId)))
      .for("update");
    if (!own) throw notFound("Domain");
    if (await hasLiveSale(tx, domainId)) throw new AppError("CONFLICT", LIVE_SALE_MESSAGE);
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

export async function listDomainServices(options: Scope & { domainId: string }): Promise<TDomainService[]> {
  const { db, userId, domainId } = options;
  await findDomain(db, options);
  const rows = await db
    .select({
      id: domainServices.id,
      orderId: domainServices.orderId,
      serviceType: domainServices.serviceType,
      status: domainServices.status,
      createdAt: domainServices.createdAt,
      reportId: reports.id,
    })
    .from(domainServices)
    .leftJoin(
      reports,
      and(
        eq(reports.orderId, domainServices.orderId),
        eq(reports.userId, userId),
        eq(reports.kind, "appraisal"),
      ),
    )
    .where(and(eq(domainServices.domainId, domainId), eq(domainServices.userId, userId)))
    .orderBy(desc(domainServices.createdAt));
  const workOrders = await serviceWorkOrders(db, { userId, domainId });
  return rows.map(({ orderId, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    workOrder: workOrders.get(orderId) ?? null,
  }));
}

/**
 * A domain's days, oldest first and with every day present: visits and leads on the parked
 * host, the networks' reported visitors and parking revenue, and lead revenue.
 */
export async function getDomainTraffic(
  options: Scope & { domainId: string; days: number },
): Promise<TDomainTrafficDay[]> {
  const { db, userId, domainId, days } = options;
  await findDomain(db, options);
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
