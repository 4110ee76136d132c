import { and, inArray, ne } from "drizzle-orm";
import { centsToDecimal } from "../../shared/money";
import { PARKING_TEMPLATES } from "../../shared/prices";
import { accountEvents, domains } from "../../shared/schema";
import { assignNameservers } from "../modules/domains/assign-nameservers";
import { parkingSourceKey } from "../modules/revenue/reported-revenue";
import { bulkInsert } from "./bulk-insert";
import { type DemoContext, daysAgo, pastMoment } from "./demo-context";
import {
  DEMO_ACQUIRED_BEFORE,
  DEMO_DOMAIN_NAMES,
  DEMO_NAMESERVERS,
  demoNetworkOf,
  isPendingDemoDomain,
} from "./demo-data";

const DAY_MS = 86_400_000;
/** Domains added this week, by their index in the list: how many days ago. */
const RECENTLY_ADDED: Record<number, number> = { 22: 4, 23: 1 };

/** A demo domain and how its traffic behaves. */
export interface DemoDomain {
  id: string;
  name: string;
  network: string;
  createdAt: Date;
  /** Typical visitors a day, click-through rate and cost per click: its parking economics. */
  visitors: number;
  ctr: number;
  cpc: number;
  earns: boolean;
  soldAt: Date | null;
}

/**
 * The portfolio: domains over the five networks, one pending, two added this week, and for
 * every earning day since each was added a network report and its `parking` revenue event
 * (as an import would write them), plus visits counted on the parked host.
 */
export async function seedDomains(ctx: DemoContext): Promise<DemoDomain[]> {
  const { rand, now } = ctx;
  const planned = DEMO_DOMAIN_NAMES.map((name, i) => {
    const pending = isPendingDemoDomain(i);
    const addedDaysAgo = RECENTLY_ADDED[i] ?? rand.int(100, 900);
    const registered = new Date(Math.min(now.getTime() - rand.int(400, 3000) * DAY_MS, DEMO_ACQUIRED_BEFORE));
    const createdAt =
      addedDaysAgo > 89 ? new Date(now.getTime() - addedDaysAgo * DAY_MS) : daysAgo(ctx, addedDaysAgo);
    // The demo's domains are verified as if their nameservers pointed at the platform (parked)
    // or they carried the TXT record (active); the last one still waits for its record.
    const parked = i % 3 === 2;
    return {
      userId: ctx.userId,
      name,
      status: pending ? "pending" : parked ? "parked" : "active",
      verifiedAt: pending ? null : createdAt,
      verifiedBy: pending ? null : parked ? "ns" : "txt",
      verificationCheckedAt: pending ? null : now,
      adNetwork: demoNetworkOf(i),
      parkingTemplate: PARKING_TEMPLATES[i % PARKING_TEMPLATES.length],
      nameservers: DEMO_NAMESERVERS,
      registrationDate: registered,
      // Two renewals come up within the month, the rest later in the year.
      expiryDate: new Date(now.getTime() + (i < 2 ? 12 + i * 13 : rand.int(45, 400)) * DAY_MS),
      purchasePrice: centsToDecimal(rand.int(9, 2500) * 100),
      renewalCost: centsToDecimal(rand.int(999, 1999)),
      createdAt,
    };
  });
  // A name another account holds, verified or not, stays theirs: the demo goes without it
  // (verifying it here would release it from them without any proof).
  const held = await ctx.tx
    .select({ name: domains.name })
    .from(domains)
    .where(and(inArray(domains.name, DEMO_DOMAIN_NAMES), ne(domains.userId, ctx.userId)));
  const taken = new Set(held.map((d) => d.name));
  const free = planned.filter((d) => !taken.has(d.name));
  if (free.length === 0) return [];
  const pairs = await assignNameservers(ctx.tx, {
    pool: ctx.nameserverPool,
    userId: ctx.userId,
    names: free.map((d) => d.name),
  });
  const inserted = await ctx.tx
    .insert(domains)
    .values(free.map((d) => ({ ...d, verificationNameservers: pairs.get(d.name) ?? [] })))
    .onConflictDoNothing()
    .returning({ id: domains.id, name: domains.name, status: domains.status, createdAt: domains.createdAt });

  const portfolio: DemoDomain[] = inserted.map((d) => ({
    id: d.id,
    name: d.name,
    network: planned.find((p) => p.name === d.name)!.adNetwork,
    createdAt: d.createdAt,
    visitors: rand.int(60, 900),
    ctr: rand.between(0.02, 0.06),
    cpc: rand.between(0.12, 0.65),
    earns: d.status !== "pending",
    soldAt: null,
  }));
  await ctx.tx.insert(accountEvents).values(
    portfolio.map((d) => ({
      userId: ctx.userId,
      kind: "domain_added" as const,
      description: `Added ${d.name}`,
      createdAt: d.createdAt,
    })),
  );
  return portfolio;
}

const PARKING_REPORT_COLUMNS = {
  user_id: "uuid",
  domain_id: "uuid",
  network: "text",
  day: "date",
  visitors: "integer",
  clicks: "integer",
  revenue: "numeric",
  imported_at: "timestamptz",
};

export interface TrafficRow {
  domain_id: string;
  user_id: string;
  day: string;
  visits: number;
  leads: number;
}
/** Parked-host traffic by `${domainId}|${day}`: leads add to it before it is written. */
export type DemoTraffic = Map<string, TrafficRow>;
export const trafficKey = (domainId: string, day: string) => `${domainId}|${day}`;

/**
 * Reports and parking revenue for every earning day of every domain (until a domain is sold),
 * and the visits counted on its parked host; answers the traffic for the leads to add to.
 */
export async function seedParking(ctx: DemoContext, portfolio: DemoDomain[]): Promise<DemoTraffic> {
  const { rand, days } = ctx;
  const reports: Record<string, unknown>[] = [];
  const traffic: DemoTraffic = new Map();
  days.forEach((day, index) => {
    // A gentle upward trend over the quarter, quieter weekends, and today only so far.
    const growth = 0.85 + (0.3 * index) / days.length;
    const weekday = new Date(`${day.day}T12:00:00Z`).getUTCDay();
    const season = weekday === 0 || weekday === 6 ? 0.8 : 1;
    const share = day.minutesSoFar / 1440;
    for (const domain of portfolio) {
      const dayEnd = day.startMs + DAY_MS;
      if (!domain.earns || domain.createdAt.getTime() >= dayEnd || share === 0) continue;
      if (domain.soldAt && domain.soldAt.getTime() <= day.startMs) continue;
      const visitors = Math.round(domain.visitors * growth * season * share * rand.between(0.75, 1.25));
      const clicks = Math.round(visitors * domain.ctr * rand.between(0.8, 1.2));
      const cents = Math.round(clicks * domain.cpc * 100 * rand.between(0.85, 1.15));
      const revenue = centsToDecimal(cents);
      reports.push({
        user_id: ctx.userId,
        domain_id: domain.id,
        network: domain.network,
        day: day.day,
        visitors,
        clicks,
        revenue,
        imported_at: new Date(Math.min(dayEnd, ctx.now.getTime())).toISOString(),
      });
      traffic.set(trafficKey(domain.id, day.day), {
        domain_id: domain.id,
        user_id: ctx.userId,
        day: day.day,
        visits: Math.round(visitors * rand.between(0.04, 0.1)),
        leads: 0,
      });
      const at = pastMoment(ctx, day);
      if (cents > 0 && at) {
        ctx.credits.push({
          userId: ctx.userId,
          domainId: domain.id,
          type: "parking",
          amount: revenue,
          description: `Parking revenue from ${domain.name}`,
          metadata: { automated: true, network: domain.network, day: day.day, visitors, clicks },
          sourceKey: parkingSourceKey(domain.network, domain.id, day.day),
          occurredAt: at,
        });
      }
    }
  });
  await bulkInsert(ctx.tx, "parking_reports", PARKING_REPORT_COLUMNS, reports);
  return traffic;
}
