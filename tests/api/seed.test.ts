import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo, seedIfEmpty } from "../../server/demo/seed";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { REVENUE_PATHS, ZDashboardAnswer } from "../../shared/api/revenue";
import { pathTo } from "../../shared/path-to";
import { insertDomain } from "../factories/domains";
import { buyerWithPendingOrder } from "../factories/payments";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** Monday 15 June 2026, noon in New York (the demo owner's zone). */
const NOW = new Date("2026-06-15T16:00:00Z");

let t: TestApp;
let nameserverPool: TestApp["deps"]["config"]["nameserverPool"];
beforeAll(async () => {
  t = await createTestApp();
  nameserverPool = t.deps.config.nameserverPool;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows[0];
const demoId = async () =>
  (await one<{ id: string }>(sql`select id from users where email = ${DEMO_EMAIL}`))?.id;

/** Figures that depend only on the seed and the day it runs, never on generated ids. */
async function fingerprint() {
  const id = await demoId();
  return (
    await t.db.execute(sql`
      select
        (select json_agg(x order by x.day, x.type) from (
          select (occurred_at at time zone 'America/New_York')::date::text as day, type,
            sum(amount)::text as amount, count(*)::int as events
          from revenue_events where user_id = ${id} group by 1, 2) x) as revenue,
        (select json_agg(name order by name) from domains where user_id = ${id}) as domains,
        (select count(*)::int from leads l join domains d on d.id = l.domain_id where d.user_id = ${id}) as leads,
        (select available::text from balances where user_id = ${id}) as balance
    `)
  ).rows[0];
}

describe("the demo portfolio", () => {
  it("is seeded only into an empty database", async () => {
    expect(await seedIfEmpty(t.db, { nameserverPool })).toBe(true);
    expect(await seedIfEmpty(t.db, { nameserverPool })).toBe(false);
  });

  it("signs in with the documented credentials", async () => {
    const res = await request(t.app)
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  });

  it("keeps the balance it shows: automatic payouts are off until turned on in Settings", async () => {
    const agent = request.agent(t.app);
    await agent
      .post(AUTH_PATHS.login)
      .send({ usernameOrEmail: DEMO_EMAIL, password: DEMO_PASSWORD })
      .expect(200);
    const settings = await agent.get(PAYMENT_PATHS.settings).expect(200);
    expect(settings.body.autoPayout).toBe(false);
  });

  it("holds about 25 domains over the five networks with 90 days of reports and their parking events", async () => {
    await seedDemo(t.db, { now: NOW, nameserverPool });
    const id = await demoId();
    const networks = await t.db.execute<{ network: string; n: number }>(
      sql`select ad_network as network, count(*)::int as n from domains where user_id = ${id} group by 1 order by 1`,
    );
    expect(networks.rows).toEqual([
      { network: "adsense", n: 5 },
      { network: "bodis", n: 5 },
      { network: "namedrive", n: 5 },
      { network: "parkingcrew", n: 5 },
      { network: "sedo", n: 5 },
    ]);
    const reports = await one<{ days: number; first: string; last: string; unmatched: number }>(sql`
      select count(distinct day)::int as days, min(day)::text as first, max(day)::text as last,
        count(*) filter (where e.id is null or e.amount <> p.revenue or e.type <> 'parking')::int as unmatched
      from parking_reports p
      left join revenue_events e on e.source_key = 'parking:' || p.network || ':' || p.domain_id || ':' || p.day
      where p.user_id = ${id} and p.revenue > 0
    `);
    expect(reports).toEqual({ days: 90, first: "2026-03-18", last: "2026-06-15", unmatched: 0 });
  });

  it("credits every lead, sale and commission through the ledger, each marked automated", async () => {
    const id = await demoId();
    const leads = await one<{ leads: number; credited: number }>(sql`
      select count(*)::int as leads,
        count(*) filter (where e.amount = 75 and e.type = 'lead' and e.user_id = ${id})::int as credited
      from leads l join domains d on d.id = l.domain_id
      left join revenue_events e on e.source_key = 'lead:' || l.id
      where d.user_id = ${id}
    `);
    expect(leads.leads).toBeGreaterThan(60);
    expect(leads.credited).toBe(leads.leads);

    const sale = await one<{ sold: number; credited: string; listed: number }>(sql`
      select count(*) filter (where sold_at is not null)::int as sold,
        (select sum(e.amount)::text from revenue_events e join domains d on e.source_key = 'sale:' || d.id
          where d.user_id = ${id} and d.sold_price = e.amount) as credited,
        count(*) filter (where marketplace_price is not null)::int as listed
      from domains where user_id = ${id}
    `);
    expect(sale).toEqual({ sold: 1, credited: "2450.00", listed: 3 });

    const commissions = await one<{
      referrals: number;
      active: number;
      wrong: number;
      total: string;
      credited: string;
    }>(sql`
      select count(distinct a.id)::int as referrals, count(distinct a.id) filter (where a.is_active)::int as active,
        count(o.id) filter (where e.amount is distinct from round(o.price * a.commission_rate / 100, 2))::int as wrong,
        (select sum(total_commissions)::text from affiliates where user_id = ${id}) as total,
        sum(e.amount)::text as credited
      from affiliates a
      left join service_orders o on o.user_id = a.referred_user_id and o.status = 'paid'
      left join revenue_events e on e.source_key = 'commission:' || o.id and e.user_id = ${id}
      where a.user_id = ${id}
    `);
    expect(commissions).toMatchObject({ referrals: 4, active: 3, wrong: 0 });
    expect(commissions.credited).toBe(commissions.total);

    const flags = await one<{ events: number; automated: number }>(sql`
      select count(*)::int as events, count(*) filter (where metadata->>'automated' = 'true')::int as automated
      from revenue_events where user_id = ${id}
    `);
    expect(flags.automated).toBe(flags.events);
  });

  it("has a paid service with its transaction and active domain service, a payout, and held funds that add up, available and pending", async () => {
    const id = await demoId();
    const account = await one<Record<string, unknown>>(sql`
      select
        (select count(*)::int from service_orders o
          join transactions t on t.order_id = o.id and t.status = 'completed' and t.amount = o.price
          join domain_services s on s.order_id = o.id and s.status = 'active'
          where o.user_id = ${id} and o.status = 'paid') as paid_services,
        (select count(*)::int from payouts p join transactions t on t.payout_id = p.id
          where p.user_id = ${id} and p.status = 'completed') as payouts,
        (select (select coalesce(sum(amount), 0) from revenue_events where user_id = ${id} and type in ('lead', 'affiliate'))
          - (select coalesce(sum(amount), 0) from payouts where user_id = ${id} and status = 'completed')
          = (select available + pending from balances where user_id = ${id})) as balanced,
        (select available = (select sum(amount) from ledger_entries where user_id = ${id} and status = 'available')
          and pending = (select sum(amount) from ledger_entries where user_id = ${id} and status = 'pending')
          and available > 0 and pending > 0
          from balances where user_id = ${id}) as held_both,
        (select count(*)::int from account_events where user_id = ${id}) as events,
        (select count(*)::int from revenue_goals where user_id = ${id}) as goals
    `);
    // Only held kinds (leads, commissions) are in the balance, some still pending (docs/money.md#where-each-kind-of-revenue-comes-from).
    expect(account).toMatchObject({
      paid_services: 1,
      payouts: 1,
      balanced: true,
      held_both: true,
      goals: 1,
    });
    expect(account.events).toBeGreaterThan(25);
  });

  it("has its paid appraisal's report, and all else a real purchase of that appraisal creates", async () => {
    const buyer = await buyerWithPendingOrder(t.app, t.db);
    expect((await buyer.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: buyer.orderId }))).status).toBe(
      303,
    );
    const demoOrder = await one<{ id: string }>(sql`
      select id from service_orders where user_id = ${await demoId()} and offer_id = 'appraisal'
    `);
    const madeBy = (orderId: string) =>
      one(sql`
        select o.status, o.price::text as price,
          (select json_agg(s.status) from domain_services s where s.order_id = o.id) as services,
          (select json_agg(json_build_object('type', x.type, 'status', x.status, 'amount', x.amount::text,
            'atPayment', x.created_at = o.paid_at)) from transactions x where x.order_id = o.id) as transactions,
          (select json_agg(e.feature order by e.feature) from entitlements e where e.order_id = o.id) as entitlements,
          (select json_agg(json_build_object('status', w.status, 'offer', w.offer_id, 'title', w.title = o.description,
            'hoursDue', extract(epoch from w.due_at - o.paid_at)::int / 3600)) from work_orders w where w.order_id = o.id)
            as work_orders,
          (select json_agg(json_build_object('kind', r.kind, 'tier', r.params->>'tier')) from reports r
            where r.order_id = o.id) as reports,
          (select count(*)::int from account_events a where a.user_id = o.user_id and a.kind = 'order_paid'
            and a.description like '%' || o.description and a.created_at = o.paid_at) as events
        from service_orders o where o.id = ${orderId}
      `);

    const demo = await madeBy(demoOrder.id);

    expect(demo).toEqual(await madeBy(buyer.orderId));
    expect(demo).toMatchObject({
      status: "paid",
      services: ["active"],
      work_orders: null,
      reports: [{ kind: "appraisal", tier: "professional" }],
      events: 1,
    });
    expect(demo.entitlements).not.toEqual([]);
  });

  it("is the same portfolio every time, and a re-seed replaces it without touching anyone else", async () => {
    const first = await fingerprint();
    const someone = await signUp(t.app);
    const theirs = await insertDomain(t.db, someone.user.id);
    await seedDemo(t.db, { now: NOW, nameserverPool });
    expect(await fingerprint()).toEqual(first);
    const users = await one<{ demo: number; referrals: number; kept: number }>(sql`
      select count(*) filter (where email = ${DEMO_EMAIL})::int as demo,
        count(*) filter (where referred_by = (select id from users where email = ${DEMO_EMAIL}))::int as referrals,
        (select count(*)::int from domains where id = ${theirs.id}) as kept
      from users
    `);
    expect(users).toEqual({ demo: 1, referrals: 3, kept: 1 });
  });

  it("gives every demo domain its account's nameserver pair, and a re-seed takes the old pairs back rather than retiring them", async () => {
    const pairs = async () =>
      one<{ domains: number; paired: number; retired: number }>(sql`
        select count(*)::int as domains,
          count(*) filter (where cardinality(verification_nameservers) = 2)::int as paired,
          (select count(*)::int from nameserver_assignments where user_id is null) as retired
        from domains where user_id = (select id from users where email = ${DEMO_EMAIL})
      `);
    await seedDemo(t.db, { now: NOW, nameserverPool });
    const before = await pairs();
    expect(before.domains).toBeGreaterThan(20);
    expect(before.paired).toBe(before.domains);
    await seedDemo(t.db, { now: NOW, nameserverPool });
    expect(await pairs()).toEqual(before);
  });

  it("places every counted parked-page visit in a country and a referrer, as the visit counter does", async () => {
    const id = await demoId();
    const sums = await one<{ counted: number; placed: number; countries: number; referrers: number }>(sql`
      select (select sum(visits)::int from domain_traffic where user_id = ${id}) as counted,
        (select sum(visits)::int from domain_visit_sources where user_id = ${id}) as placed,
        (select count(distinct country)::int from domain_visit_sources where user_id = ${id}) as countries,
        (select count(distinct referrer)::int from domain_visit_sources where user_id = ${id}) as referrers
    `);
    expect(sums.counted).toBeGreaterThan(1000);
    expect(sums.placed).toBe(sums.counted);
    expect(sums.countries).toBeGreaterThan(3);
    expect(sums.referrers).toBeGreaterThan(3);
  });

  it("fills the dashboard: today's and the month's revenue, 24 hours, sources, top domains and referrals", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    await seedDemo(t.db, { nameserverPool });
    const agent = request.agent(t.app);
    await agent.post(AUTH_PATHS.login).send({ usernameOrEmail: DEMO_EMAIL, password: DEMO_PASSWORD });
    const res = await agent.get(REVENUE_PATHS.dashboard);
    const dashboard = ZDashboardAnswer.parse(res.body);
    expect(Number(dashboard.metrics.todayRevenue)).toBeGreaterThan(0);
    expect(Number(dashboard.metrics.monthlyRevenue)).toBeGreaterThan(Number(dashboard.metrics.todayRevenue));
    expect(dashboard.metrics.todayChangePercent).not.toBeNull();
    expect(dashboard.metrics.activeDomains).toBe(23);
    expect(dashboard.hourlyRevenue).toHaveLength(24);
    expect(dashboard.hourlyRevenue.filter((h) => h.amount > 0).length).toBeGreaterThan(3);
    expect(Number(dashboard.revenue.parking)).toBeGreaterThan(0);
    expect(Number(dashboard.revenue.lead)).toBeGreaterThan(0);
    expect(dashboard.topDomains).toHaveLength(5);
    // Three referrals joined; the fourth invitation is still open and is no referral yet.
    expect(dashboard.affiliateStats).toMatchObject({ totalReferrals: 3, activeReferrals: 3 });
    expect(dashboard.recentEvents.length).toBeGreaterThan(0);
    const streams = await agent.get(REVENUE_PATHS.streams);
    expect(streams.body.length).toBeGreaterThan(8);
    expect(streams.body.every((s: { metadata: { automated?: boolean } }) => s.metadata.automated)).toBe(true);
  });
});
