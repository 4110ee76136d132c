import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionSyncDeps } from "../../server/modules/connections/connections.routes";
import { syncConnection } from "../../server/modules/connections/sync";
import type { TConnection } from "../../shared/api/connections";
import { CONNECTION_PATHS } from "../../shared/api/connections";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { PORTFOLIO_PNL_PATH } from "../../shared/api/pnl";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { signUp } from "../factories/users";
import { startFakeAbove } from "../fakes/above";
import type { FakeDayStat } from "../fakes/parking-stats";
import { startFakeParkingCrew } from "../fakes/parkingcrew";
import { createTestAppWith } from "../setup/test-app";

const DAY_MS = 86_400_000;
const PARKINGCREW = { username: "crew-owner", apiKey: "pc-key-0123456789" };
const ABOVE = { username: "above-owner", password: "above-password-1", apiKey: "above-key-abcdef" };

let s: Awaited<ReturnType<typeof start>>;
const start = () =>
  createTestAppWith(
    {
      parkingcrew: () => startFakeParkingCrew(PARKINGCREW),
      above: () => startFakeAbove(ABOVE),
    },
    (f) => ({ ...f.parkingcrew.env, ...f.above.env, CONNECTIONS_BACKOFF_MS: "1" }),
  );
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.t.close());

const sync = (id: string) => syncConnection(connectionSyncDeps(s.t.deps), id);
const dayText = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Each network, its good and bad credentials as the connect form sends them, and its fake's figures. */
const NETWORKS = [
  {
    service: "parkingcrew",
    label: "ParkingCrew",
    credentials: () => ({ username: PARKINGCREW.username, apiKey: PARKINGCREW.apiKey }),
    wrong: { username: PARKINGCREW.username, apiKey: "not-the-key" },
    refusal: "ParkingCrew refused the user name or API key: both are on the account's Home page.",
    setStat: (stat: FakeDayStat) => s.parkingcrew.stats.set(stat),
  },
  {
    service: "above",
    label: "Above.com",
    credentials: () => ({ ...ABOVE }),
    wrong: { ...ABOVE, password: "wrong-password" },
    refusal: "Above.com refused the login: check the user name, password and API key.",
    setStat: (stat: FakeDayStat) => s.above.stats.set(stat),
  },
] as const;

describe.each(NETWORKS)("connecting $service", (network) => {
  it("refuses wrong credentials in the service's words, then writes 90 days and replaces 3 revised ones in the dashboard and P&L", async () => {
    const { agent, user } = await signUp(s.t.app, { timeZone: "UTC" });
    const tag = user.id.slice(0, 8);
    const names = [`${network.service}-a-${tag}.com`, `${network.service}-b-${tag}.com`];
    for (const name of names) {
      await agent
        .post(DOMAIN_PATHS.list)
        .send({ name, registrationDate: dayText(Date.now() - 200 * DAY_MS) })
        .expect(201);
    }
    const days = Array.from({ length: 90 }, (_, i) => dayText(Date.now() - (i + 1) * DAY_MS));
    for (const day of days) {
      const figure = { day, currency: "USD" };
      network.setStat({ ...figure, domain: names[0], visits: 20, clicks: 2, revenue: "1.00" });
      network.setStat({ ...figure, domain: names[1], visits: 8, clicks: 1, revenue: "0.50" });
      network.setStat({ ...figure, domain: `elsewhere-${tag}.com`, visits: 1, clicks: 0, revenue: "0.10" });
    }

    const refused = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: network.service, credentials: network.wrong })
      .expect(422);
    expect(refused.body.message).toBe(network.refusal);
    expect((await agent.get(CONNECTION_PATHS.list).expect(200)).body).toEqual([]);

    const created = await agent
      .post(CONNECTION_PATHS.list)
      .send({ service: network.service, credentials: network.credentials() })
      .expect(201);
    expect(created.body).toMatchObject({ service: network.service, kind: "parking" });
    expect(await sync(created.body.id)).toBe("done");
    const connection = async () =>
      ((await agent.get(CONNECTION_PATHS.list).expect(200)).body as TConnection[]).find(
        (c) => c.id === created.body.id,
      )!;
    expect((await connection()).summary).toMatchObject({
      daysWritten: 180,
      daysRevised: 0,
      unknownDomains: [`elsewhere-${tag}.com`],
      unknownDomainCount: 1,
    });
    const parking = async () => {
      const { rows } = await s.t.db.execute<{ sum: string; n: number; reports: number }>(sql`
        select sum(amount)::text as sum, count(*)::int as n,
          (select count(*)::int from parking_reports where user_id = ${user.id} and network = ${network.service}) as reports
        from revenue_events where user_id = ${user.id} and type = 'parking'
      `);
      return rows[0];
    };
    // 90 days of 1.00 and 0.50.
    expect(await parking()).toEqual({ sum: "135.00", n: 180, reports: 180 });
    // Each day is the revenue event an imported report writes, at noon UTC of the day.
    const { rows: events } = await s.t.db.execute<Record<string, unknown>>(sql`
      select e.description, e.metadata, e.source_key, d.id as domain_id
      from revenue_events e join domains d on d.id = e.domain_id
      where d.name = ${names[0]} and e.occurred_at = ${`${days[0]}T12:00:00Z`}::timestamptz
    `);
    expect(events).toEqual([
      {
        description: `${network.label} parking revenue for ${names[0]} on ${days[0]}`,
        metadata: { network: network.service, day: days[0], visitors: 20, clicks: 2 },
        source_key: `parking:${network.service}:${events[0]?.domain_id}:${days[0]}`,
        domain_id: expect.any(String),
      },
    ]);
    const pnl = async () =>
      (await agent.get(`${PORTFOLIO_PNL_PATH}?range=12m`).expect(200)).body.totals.income.parking;
    expect(await pnl()).toBe("135.00");

    // The network revises three recent days of the first name.
    const revisedDays = days.slice(2, 5);
    for (const day of revisedDays)
      network.setStat({ domain: names[0], day, visits: 20, clicks: 1, revenue: "0.25", currency: "USD" });
    expect(await sync(created.body.id)).toBe("done");
    const revised = await connection();
    expect(revised.summary).toMatchObject({ daysWritten: 60, daysRevised: 3 });
    expect(revised.summary?.revisions).toEqual(
      [...revisedDays]
        .sort()
        .map((day) => ({ domain: names[0], day, previousRevenue: "1.00", revenue: "0.25" })),
    );
    // 135.00 - 3 * 0.75
    expect(await parking()).toEqual({ sum: "132.75", n: 180, reports: 180 });
    expect(await pnl()).toBe("132.75");
    const monthStart = `${dayText(Date.now()).slice(0, 8)}01`;
    const thisMonth = days.filter((d) => d >= monthStart);
    const expectedMonth = thisMonth.reduce((sum, d) => sum + (revisedDays.includes(d) ? 25 : 100) + 50, 0);
    const dashboard = await agent.get(`${REVENUE_PATHS.dashboard}?range=30d`).expect(200);
    expect(dashboard.body.metrics.monthlyRevenue).toBe((expectedMonth / 100).toFixed(2));

    // The same figures again change nothing.
    expect(await sync(created.body.id)).toBe("done");
    expect((await connection()).summary).toMatchObject({ daysWritten: 60, daysRevised: 0 });
    expect(await parking()).toEqual({ sum: "132.75", n: 180, reports: 180 });
  });
});

it("waits out ParkingCrew's throttling answer and Above.com's report while it is generated", async () => {
  const { agent, user } = await signUp(s.t.app, { timeZone: "UTC" });
  const name = `patient-${user.id.slice(0, 8)}.com`;
  await agent
    .post(DOMAIN_PATHS.list)
    .send({ name, registrationDate: dayText(Date.now() - 200 * DAY_MS) })
    .expect(201);
  const day = dayText(Date.now() - DAY_MS);
  s.parkingcrew.stats.set({ domain: name, day, visits: 3, clicks: 1, revenue: "0.40", currency: "USD" });
  s.above.stats.set({ domain: name, day, visits: 3, clicks: 1, revenue: "0.60", currency: "USD" });
  const crew = await agent
    .post(CONNECTION_PATHS.list)
    .send({ service: "parkingcrew", credentials: PARKINGCREW })
    .expect(201);
  const above = await agent
    .post(CONNECTION_PATHS.list)
    .send({ service: "above", credentials: ABOVE })
    .expect(201);

  s.parkingcrew.throttleCall(1);
  expect(await sync(crew.body.id)).toBe("done");
  s.above.fake.generatingLooks = 3;
  try {
    expect(await sync(above.body.id)).toBe("done");
  } finally {
    s.above.fake.generatingLooks = 1;
  }
  const { rows } = await s.t.db.execute<{ network: string; revenue: string }>(sql`
    select network, revenue::text as revenue from parking_reports where user_id = ${user.id} and day = ${day}
    order by network
  `);
  expect(rows).toEqual([
    { network: "above", revenue: "0.60" },
    { network: "parkingcrew", revenue: "0.40" },
  ]);
});
