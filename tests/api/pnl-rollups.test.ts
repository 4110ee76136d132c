import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  creditRevenue,
  type RevenueType,
  removeRevenue,
} from "../../server/modules/revenue/reported-revenue";
import { PNL_RANGE_DAYS, PORTFOLIO_PNL_PATH, type TPnlRange, type TPortfolioPnl } from "../../shared/api/pnl";
import { domains } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * The portfolio P&L reads income from per-domain month and day rollups plus raw events at the
 * range's edges. Here it is checked against plain sums over every event, for owners in zones
 * whose midnights fall at every kind of UTC hour (half and quarter hours, ±12 and beyond), with
 * events on and around each range's first local midnight, after inserts, replaced credits,
 * removed credits and a removed domain.
 */
const NOW = new Date("2025-07-16T09:20:00Z");
const ZONES = [
  "UTC",
  "America/New_York",
  "Asia/Kolkata",
  "Pacific/Chatham",
  "America/St_Johns",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Australia/Lord_Howe",
];
const RANGES: TPnlRange[] = ["30d", "90d", "12m", "all"];
const TYPES: RevenueType[] = ["parking", "lead", "marketplace", "affiliate", "other"];
const DAY_MS = 86_400_000;

let t: TestApp;
const owners: { zone: string; agent: Agent; userId: string; domainIds: string[] }[] = [];

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** The local midnight that starts `days` calendar days ending today in `zone`, as instants. */
async function rangeStarts(zone: string): Promise<Date[]> {
  const { rows } = await t.db.execute<{ at: Date }>(sql`
    select ((${NOW.toISOString()}::timestamptz at time zone ${zone})::date - d)::timestamp at time zone ${zone} as at
    from unnest(array[29, 89, 364]) d
  `);
  return rows.map((r) => new Date(r.at));
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  t = await createTestApp();
  const next = random(20250716);
  let key = 0;
  for (const zone of ZONES) {
    const account = await signUp(t.app, { timeZone: zone });
    const userId = account.user.id;
    const domainIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const domain = await insertDomain(t.db, userId, {
        registrationDate: new Date(NOW.getTime() - next(800) * DAY_MS),
        renewalCost: "10.00",
      });
      domainIds.push(domain.id);
    }
    const instants: Date[] = [];
    for (const start of await rangeStarts(zone)) {
      for (const offset of [-1000, 0, 1000, -DAY_MS / 2, DAY_MS / 2, -DAY_MS * 3]) {
        instants.push(new Date(start.getTime() + offset));
      }
    }
    for (let i = 0; i < 60; i++) {
      instants.push(new Date(NOW.getTime() - next(420) * DAY_MS - next(DAY_MS)));
    }
    const credits = instants.map((at) => ({
      userId,
      domainId: domainIds[next(domainIds.length)],
      type: TYPES[next(TYPES.length)],
      amount: `${next(2000)}.${String(next(100)).padStart(2, "0")}`,
      description: "Fixture revenue",
      sourceKey: `rollup-test:${key++}`,
      occurredAt: at,
    }));
    await creditRevenue(t.db, credits);
    // A re-imported credit replaces its amount and time (an update); another is removed.
    await creditRevenue(
      t.db,
      credits.slice(0, 10).map((c, i) => ({
        ...c,
        amount: `${next(500)}.${String(next(100)).padStart(2, "0")}`,
        occurredAt: new Date(c.occurredAt.getTime() + (i - 5) * 3_600_000 * 7),
      })),
    );
    await removeRevenue(
      t.db,
      credits.slice(10, 16).map((c) => c.sourceKey),
    );
    owners.push({ zone, agent: account.agent, userId, domainIds });
  }
  // A removed domain takes its rollups with it; its events stay in the ledger without a domain.
  const last = owners[owners.length - 1];
  await t.db.delete(domains).where(sql`${domains.id} = ${last.domainIds.pop()}`);
});

afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

type Expected = {
  id: string;
  parking: string;
  lead: string;
  marketplace: string;
  other: string;
  trailing: string;
};

/** Plain sums over every event of the owner's domains, from each range's first local midnight. */
async function plainSums(userId: string, zone: string, range: TPnlRange): Promise<Expected[]> {
  const days = range === "all" ? null : PNL_RANGE_DAYS[range];
  const since = (d: number) =>
    sql`((${NOW.toISOString()}::timestamptz at time zone ${zone})::date - ${d - 1}::int)::timestamp at time zone ${zone}`;
  const inRange = days === null ? sql`true` : sql`e.occurred_at >= ${since(days)}`;
  const { rows } = await t.db.execute<Expected>(sql`
    select d.id,
      coalesce(sum(e.amount) filter (where ${inRange} and e.type = 'parking'), 0)::numeric(14,2)::text as parking,
      coalesce(sum(e.amount) filter (where ${inRange} and e.type = 'lead'), 0)::numeric(14,2)::text as lead,
      coalesce(sum(e.amount) filter (where ${inRange} and e.type = 'marketplace'), 0)::numeric(14,2)::text as marketplace,
      coalesce(sum(e.amount) filter (where ${inRange} and e.type not in ('parking', 'lead', 'marketplace')), 0)::numeric(14,2)::text as other,
      coalesce(sum(e.amount) filter (where e.occurred_at >= ${since(365)}), 0)::numeric(14,2)::text as trailing
    from domains d left join revenue_events e on e.domain_id = d.id
    where d.user_id = ${userId}
    group by d.id order by d.id
  `);
  return rows;
}

describe("portfolio income against plain sums over every event", () => {
  it.each(ZONES.flatMap((zone) => RANGES.map((range) => [zone, range] as const)))(
    "%s, range %s",
    async (zone, range) => {
      const owner = owners.find((o) => o.zone === zone);
      if (!owner) throw new Error(zone);

      const res = await owner.agent.get(`${PORTFOLIO_PNL_PATH}?range=${range}`);

      expect(res.status).toBe(200);
      const answer = res.body as TPortfolioPnl;
      const got = answer.rows
        .map((r) => ({
          id: r.domainId,
          parking: r.income.parking,
          lead: r.income.lead,
          marketplace: r.income.marketplace,
          other: r.income.other,
          trailing: r.renewal.trailingRevenue,
        }))
        .sort((a, b) => a.id.localeCompare(b.id));
      expect(got).toEqual(await plainSums(owner.userId, zone, range));
    },
  );
});

describe("the rollups", () => {
  it("equal the events regrouped by domain and UTC day, after inserts, replacements and removals", async () => {
    const regrouped = sql`
      select d.user_id, e.domain_id, (e.occurred_at at time zone 'UTC')::date as day,
        coalesce(sum(e.amount) filter (where e.type = 'parking'), 0) as parking,
        coalesce(sum(e.amount) filter (where e.type = 'lead'), 0) as lead,
        coalesce(sum(e.amount) filter (where e.type = 'marketplace'), 0) as marketplace,
        coalesce(sum(e.amount) filter (where e.type not in ('parking', 'lead', 'marketplace')), 0) as other
      from revenue_events e join domains d on d.id = e.domain_id
      group by 1, 2, 3`;
    const nonZero = sql`parking <> 0 or lead <> 0 or marketplace <> 0 or other <> 0`;

    const { rows: daysOff } = await t.db.execute(sql`
      (select user_id, domain_id, day, parking, lead, marketplace, other from domain_revenue_days where ${nonZero}
        except select * from (${regrouped}) r where ${nonZero})
      union all
      (select * from (${regrouped}) r where ${nonZero}
        except select user_id, domain_id, day, parking, lead, marketplace, other from domain_revenue_days where ${nonZero})
    `);
    const { rows: monthsOff } = await t.db.execute(sql`
      with by_month as (
        select user_id, domain_id, date_trunc('month', day)::date as month,
          sum(parking) as parking, sum(lead) as lead, sum(marketplace) as marketplace, sum(other) as other
        from (${regrouped}) r group by 1, 2, 3
      )
      (select user_id, domain_id, month, parking, lead, marketplace, other from domain_revenue_months where ${nonZero}
        except select * from by_month where ${nonZero})
      union all
      (select * from by_month where ${nonZero}
        except select user_id, domain_id, month, parking, lead, marketplace, other from domain_revenue_months where ${nonZero})
    `);

    expect(daysOff).toEqual([]);
    expect(monthsOff).toEqual([]);
  });

  it("hold nothing of a removed domain, whose events stay in the ledger", async () => {
    const { rows } = await t.db.execute<{ rollups: number; orphans: number }>(sql`
      select
        (select count(*)::int from domain_revenue_days where domain_id not in (select id from domains))
          + (select count(*)::int from domain_revenue_months where domain_id not in (select id from domains)) as rollups,
        (select count(*)::int from revenue_events where domain_id is null and source_key like 'rollup-test:%') as orphans
    `);

    expect(rows[0].rollups).toBe(0);
    expect(rows[0].orphans).toBeGreaterThan(0);
  });
});

describe("parking reports", () => {
  it("are refused for a domain that is not the named owner's", async () => {
    const [first, second] = owners;
    const write = t.db.execute(sql`
      insert into parking_reports (user_id, domain_id, network, day, visitors, clicks, revenue)
      values (${second.userId}, ${first.domainIds[0]}, 'sedo', '2025-07-01', 1, 0, 1.00)
    `);

    await expect(write).rejects.toMatchObject({ cause: { constraint: "parking_reports_domain_owner_fk" } });
  });
});
