import { sql } from "drizzle-orm";
import { type TPageBody, ZPageBody } from "../../../shared/api/parked-pages";
import type { DbOrTx } from "../../db/tx";
import { runningLessee } from "./domain-control";
import { pageOf, type StoredPage } from "./page-store";

export interface RunningExperiment {
  id: string;
  goal: string;
  variants: { page: TPageBody; weight: number }[];
}

/** Everything the parked host needs to answer, read in one statement. */
export interface ServedSite {
  domain: { id: string; userId: string; name: string };
  page: StoredPage;
  listingPrice: string | null;
  experiment: RunningExperiment | null;
}

/**
 * The verified domain a host names, and what its controller (docs/marketplace.md#lease-to-own)
 * has it serve: their page, their running test, the listing unless leased; null for any other host.
 */
export async function loadServedSite(db: DbOrTx, host: string): Promise<ServedSite | null> {
  const { rows } = await db.execute<{
    id: string;
    user_id: string;
    name: string;
    parking_template: string;
    listing_price: string | null;
    template: string | null;
    blocks: unknown;
    version: number | null;
    experiment_id: string | null;
    goal: string | null;
    variants: unknown;
    leased: boolean;
    lease_redirect: string | null;
  }>(sql`
    select d.id, d.user_id, d.name, d.parking_template,
      case when d.marketplace_price > 0 and d.sold_at is null and d.sale_banner then d.marketplace_price::text end as listing_price,
      p.template, p.blocks, p.version, e.id as experiment_id, e.goal, e.variants,
      lease.lessee_id is not null as leased, l.lease_redirect_url as lease_redirect
    from domains d
    cross join lateral (select ${runningLessee(sql`d.id`)} as lessee_id) lease
    left join marketplace_transactions l on l.domain_id = d.id and l.buyer_id = lease.lessee_id
      and l.kind = 'lease' and l.status = 'leasing'
    -- What the domain serves is its controller's: the lessee's while a lease runs, else the owner's.
    left join domain_pages p on p.domain_id = d.id and p.user_id = coalesce(lease.lessee_id, d.user_id)
    left join experiments e on e.domain_id = d.id and e.status = 'running'
      and e.user_id = coalesce(lease.lessee_id, d.user_id)
    where d.name = ${host} and d.verified_at is not null
    limit 1
  `);
  const row = rows[0];
  if (!row) return null;
  const domain = { id: row.id, userId: row.user_id, name: row.name };
  const stored = pageOf(
    row.template === null
      ? undefined
      : { template: row.template, blocks: row.blocks, version: row.version ?? 0 },
    { name: row.name, parkingTemplate: row.parking_template },
  );
  // A running lease (docs/marketplace.md#lease-to-own): the lessee's redirect replaces the page,
  // and the domain is no longer offered for sale on it.
  const page = row.lease_redirect
    ? { ...stored, blocks: [{ type: "redirect" as const, url: row.lease_redirect }] }
    : stored;
  const listingPrice = row.leased ? null : row.listing_price;
  const experiment =
    !row.lease_redirect && row.experiment_id && row.goal
      ? {
          id: row.experiment_id,
          goal: row.goal,
          variants: (row.variants as { page: unknown; weight: number }[]).map((v) => ({
            page: ZPageBody.parse(v.page),
            weight: v.weight,
          })),
        }
      : null;
  return { domain, page, listingPrice, experiment };
}
