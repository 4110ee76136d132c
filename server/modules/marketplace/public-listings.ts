import { sql } from "drizzle-orm";
import {
  leaseInstalmentCents,
  PROTECTION_TERMS,
  type TProtectionLevel,
} from "../../../shared/marketplace-deals";
import { centsToDecimal, toCents } from "../../../shared/money";
import { FINANCING_TERMS } from "../../../shared/prices";
import type { Db } from "../../db/pool";
import { featuredGrants, featuredUntil, tiersFrom } from "./marketplace.service";

/** What features a listing on the public storefront's front: the Homepage and Premium promotions, Exclusive and Enterprise listings. */
export const HOMEPAGE_FEATURES = ["promotion:homepage", "promotion:premium", ...tiersFrom(3)];

export interface PublicListing {
  id: string;
  name: string;
  price: string;
  registrationDate: string;
  featuredUntil: string | null;
  protection: { level: TProtectionLevel; summary: string } | null;
  /** Lease-to-own terms the seller offers (months and APR), when they bought Financing. */
  financing: { months: number; aprPercent: number; monthly: string }[];
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** The listings a homepage or premium promotion features on the storefront's front, newest first. */
export async function homepageListings(
  db: Db,
  limit = 12,
): Promise<{ id: string; name: string; price: string }[]> {
  const { rows } = await db.execute<{ id: string; name: string; price: string }>(sql`
    with promoted as (${featuredGrants(HOMEPAGE_FEATURES)})
    select d.id, d.name, d.marketplace_price as price from promoted f
    join domains d on d.id = f.domain_id and d.user_id = f.user_id
    where d.marketplace_price is not null and d.sold_at is null and d.verified_at is not null
    order by d.listed_at desc nulls last, d.name
    limit ${limit}
  `);
  return rows;
}

/** One public listing by its name or id, with what a buyer needs to decide; null when it is not for sale. */
export async function publicListing(
  db: Db,
  by: { name: string } | { id: string },
): Promise<PublicListing | null> {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    price: string;
    registration_date: Date | string;
    featured_until: Date | string | null;
    features: string[] | null;
  }>(sql`
    select d.id, d.name, d.marketplace_price as price, d.registration_date, f.until as featured_until,
      -- "buyer-protection:<level>" and "financing:<months>", as the paid orders asked for them.
      (select array_agg(e.feature || ':' || coalesce(o.metadata -> 'request' ->> (case e.feature
            when 'buyer-protection' then 'protectionLevel' else 'terms' end), ''))
        from entitlements e join service_orders o on o.id = e.order_id
        where e.domain_id = d.id and e.user_id = d.user_id and e.status in ('active', 'grace')
          and (e.ends_at is null or e.ends_at > now())
          and e.feature in ('buyer-protection', 'financing')) as features
    from domains d
    left join lateral (${featuredUntil(sql`d`)}) f on true
    where ${"name" in by ? sql`d.name = ${by.name.toLowerCase()}` : sql`d.id = ${by.id}`} and d.marketplace_price is not null and d.sold_at is null
      and d.verified_at is not null
    limit 1
  `);
  const row = rows[0];
  if (!row) return null;
  const features = row.features ?? [];
  const levels = (["enterprise", "premium", "standard"] as const).filter((l) =>
    features.includes(`buyer-protection:${l}`),
  );
  const level = levels[0] ?? null;
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    registrationDate: iso(row.registration_date),
    featuredUntil: row.featured_until ? iso(row.featured_until) : null,
    protection: level ? { level, summary: PROTECTION_TERMS[level].summary } : null,
    financing: FINANCING_TERMS.filter((t) => features.includes(`financing:${t.id}`)).map((t) => ({
      months: t.months,
      aprPercent: t.aprPercent,
      monthly: centsToDecimal(leaseInstalmentCents(toCents(row.price), t.aprPercent, t.months)),
    })),
  };
}
