import { sql } from "drizzle-orm";
import type { TLeasedDomain } from "../../../shared/api/parked-pages";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";

/**
 * Who decides what a domain serves (docs/marketplace.md#lease-to-own): while a lease-to-own runs,
 * its lessee (the parked page, split tests, the redirect; the page shows no listing); else the
 * owner. The owner of a leased domain can read all of it and change none of it; it is theirs again
 * the moment the lease ends, as they left it.
 */
export interface DomainControl {
  id: string;
  name: string;
  parkingTemplate: string;
  ownerId: string;
  /** The lessee of the lease running now, or null. */
  lesseeId: string | null;
  /** Whose page and tests the domain serves: the lessee's while leased, else the owner's. */
  controllerId: string;
  /** How `userId` stands: controls it, or reads it as the owner of a leased domain. */
  role: "owner" | "lessee" | "leased-out";
}

/** The running lease of a domain, read straight from its row: the one place that asks. */
export const runningLessee = (domainId: ReturnType<typeof sql>) =>
  sql`(select l.buyer_id from marketplace_transactions l
       where l.domain_id = ${domainId} and l.kind = 'lease' and l.status = 'leasing' limit 1)`;

/** The domain as `userId` stands to it: its owner or the lessee of its running lease (404 for anyone else). */
export async function readableDomain(db: DbOrTx, userId: string, domainId: string): Promise<DomainControl> {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    template: string;
    owner: string;
    lessee: string | null;
  }>(sql`
    select d.id, d.name, d.parking_template as template, d.user_id as owner, ${runningLessee(sql`d.id`)} as lessee
    from domains d where d.id = ${domainId}
  `);
  const row = rows[0];
  if (!row || (row.owner !== userId && row.lessee !== userId)) throw notFound("Domain");
  const role = row.lessee === userId ? "lessee" : row.lessee ? "leased-out" : "owner";
  return {
    id: row.id,
    name: row.name,
    parkingTemplate: row.template,
    ownerId: row.owner,
    lesseeId: row.lessee,
    controllerId: row.lessee ?? row.owner,
    role,
  };
}

/** The domain `userId` decides what it serves; its owner is refused (409) while a lease runs. */
export async function controlledDomain(db: DbOrTx, userId: string, domainId: string): Promise<DomainControl> {
  const domain = await readableDomain(db, userId, domainId);
  if (domain.role === "leased-out")
    throw new AppError(
      "CONFLICT",
      `${domain.name} is leased: its lessee decides its page, split tests and redirect until the lease ends. You can read them meanwhile.`,
    );
  return domain;
}

/** The domains `userId` leases to own right now: theirs to decide what they serve. */
export async function leasedDomains(db: DbOrTx, userId: string): Promise<TLeasedDomain[]> {
  const { rows } = await db.execute<TLeasedDomain & Record<string, unknown>>(sql`
    select l.domain_id as "domainId", l.domain_name as "domainName", l.id as "transactionId"
    from marketplace_transactions l
    where l.buyer_id = ${userId} and l.kind = 'lease' and l.status = 'leasing' and l.domain_id is not null
    order by l.created_at desc limit 100
  `);
  return rows;
}
