import { randomUUID } from "node:crypto";
import { LEAD_SOURCE, LEAD_VALUE } from "../../shared/api/leads/leads";
import { SANDBOX_BUYER_NAME } from "../modules/lead-sales/sell-lead";
import { priceForShare } from "../modules/lead-sales/share";
import { bulkInsert } from "./bulk-insert";
import { type DemoContext, pastMoment } from "./demo-context";
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES, DEMO_PLACES } from "./demo-data";
import { type DemoDomain, type DemoTraffic, trafficKey } from "./seed-domains";

/** The default owner's share of a lead's sale (LEAD_OWNER_SHARE_PERCENT). */
const DEMO_OWNER_SHARE_PERCENT = 70;

/** Leads a day, drawn from this list: about two on an average day. */
const LEADS_PER_DAY = [0, 1, 1, 2, 2, 2, 3, 4] as const;

const LEAD_COLUMNS = {
  id: "uuid",
  email: "text",
  zip_code: "varchar(5)",
  city: "text",
  state: "text",
  source: "text",
  value: "numeric",
  host: "text",
  domain_id: "uuid",
  sale_status: "text",
  buyer_name: "text",
  sale_price: "numeric",
  sold_at: "timestamptz",
  created_at: "timestamptz",
};
const TRAFFIC_COLUMNS = {
  domain_id: "uuid",
  user_id: "uuid",
  day: "date",
  visits: "integer",
  leads: "integer",
};

/**
 * Car-insurance leads captured on the parked domains, each credited to the owner at the lead
 * value as `lead` revenue (as the landing page does), counted in the domain's traffic, and
 * then the traffic is written.
 */
export async function seedLeads(
  ctx: DemoContext,
  portfolio: DemoDomain[],
  traffic: DemoTraffic,
): Promise<void> {
  const { rand } = ctx;
  const amount = LEAD_VALUE.toFixed(2);
  const salePrice = priceForShare(amount, DEMO_OWNER_SHARE_PERCENT);
  const rows: Record<string, unknown>[] = [];
  let serial = 0;
  for (const day of ctx.days) {
    const count = rand.pick(LEADS_PER_DAY);
    for (let n = 0; n < count; n++) {
      const at = pastMoment(ctx, day);
      const domain = rand.pick(portfolio);
      const counted = traffic.get(trafficKey(domain.id, day.day));
      // Leads arrive on hosts that were parked and earning at that moment, and only in the past.
      if (!at || !counted || (domain.soldAt && domain.soldAt <= at)) continue;
      const place = rand.pick(DEMO_PLACES);
      const id = randomUUID();
      serial += 1;
      rows.push({
        id,
        email: `${rand.pick(DEMO_FIRST_NAMES)}.${rand.pick(DEMO_LAST_NAMES)}${serial}@example.com`,
        zip_code: place.zipCode,
        city: place.city,
        state: place.state,
        source: LEAD_SOURCE,
        value: amount,
        host: domain.name,
        domain_id: domain.id,
        // Sold to the sandbox buyer at the price whose owner's share is the lead value.
        sale_status: "sold",
        buyer_name: SANDBOX_BUYER_NAME,
        sale_price: salePrice,
        sold_at: at.toISOString(),
        created_at: at.toISOString(),
      });
      counted.leads += 1;
      ctx.credits.push({
        userId: ctx.userId,
        domainId: domain.id,
        type: "lead",
        amount,
        description: `Insurance lead on ${domain.name}`,
        metadata: { automated: true, leadId: id, zipCode: place.zipCode },
        sourceKey: `lead:${id}`,
        occurredAt: at,
      });
    }
  }
  await bulkInsert(ctx.tx, "leads", LEAD_COLUMNS, rows);
  await bulkInsert(ctx.tx, "domain_traffic", TRAFFIC_COLUMNS, [...traffic.values()]);
}
