import { describe, expect, it } from "vitest";
import { sessionCookieOf } from "../setup/child-process";
import { twoInstancesForFile } from "../setup/two-instances";

/** Two app processes over one PostgreSQL server, as behind a load balancer. */
const instances = twoInstancesForFile();

const json = (cookie?: string) => ({ "content-type": "application/json", ...(cookie ? { cookie } : {}) });

async function register(baseUrl: string, tag: string) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: json(),
    body: JSON.stringify({
      name: tag,
      username: tag,
      email: `${tag}@example.com`,
      password: "two-instances-pw",
    }),
  });
  expect(res.status).toBe(201);
  return {
    cookie: sessionCookieOf(res),
    user: ((await res.json()) as { user: { id: string } }).user,
  };
}

describe("two instances over one PostgreSQL server", () => {
  it("accepts on one instance a session started on the other", async () => {
    const { cookie } = await register(instances.a.baseUrl, "roaming_user");
    const me = await fetch(`${instances.b.baseUrl}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe("roaming_user");
    const out = await fetch(`${instances.b.baseUrl}/api/auth/logout`, {
      method: "POST",
      headers: json(cookie),
      body: "{}",
    });
    expect(out.status).toBe(204);
    expect((await fetch(`${instances.a.baseUrl}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it("shares the sign-in limit: 100 failures spread over both instances lock the account on both", async () => {
    await register(instances.a.baseUrl, "limited_user");
    const attempt = (baseUrl: string, password: string) =>
      fetch(`${baseUrl}/api/auth/login`, {
        method: "POST",
        headers: json(),
        body: JSON.stringify({ usernameOrEmail: "limited_user", password }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push(
        ...(await Promise.all([
          attempt(instances.a.baseUrl, "wrong-password"),
          attempt(instances.b.baseUrl, "wrong-password"),
        ])),
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(await attempt(instances.a.baseUrl, "two-instances-pw")).toBe(429);
    expect(await attempt(instances.b.baseUrl, "two-instances-pw")).toBe(429);
  });

  it("never overdraws: 32 concurrent payouts split across both instances pay out at most the balance", async () => {
    const { cookie, user } = await register(instances.a.baseUrl, "payout_user");
    // $120 of held commission whose hold has ended: the only money a payout may draw on.
    await instances.sql.query(
      `with e as (
         insert into revenue_events (user_id, type, amount, description, source_key, metadata)
         values ($1::uuid, 'affiliate', 120.00, 'Opening commission', 'test:opening', '{"held": true}')
         returning id, user_id, amount),
       l as (
         insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key, revenue_event_id)
         select user_id, 'commission', amount, 'available', now(), 'Opening commission', 'held:test:opening', id from e
         returning user_id, amount)
       insert into balances (user_id, available) select user_id, amount from l
       on conflict (user_id) do update set available = balances.available + excluded.available`,
      [user.id],
    );

    const statuses = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        fetch(`${(i % 2 ? instances.a : instances.b).baseUrl}/api/payments/payout`, {
          method: "POST",
          headers: json(cookie),
          body: JSON.stringify({ amount: 100, paypalEmail: "owner@example.com" }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s < 500)).toBe(true);
    const { rows } = await instances.sql.query<{ available: string; paid: string; ledger: string }>(
      `select available, (select coalesce(sum(amount), 0) from payouts where user_id = $1) as paid,
         (select sum(amount) from ledger_entries where user_id = $1) as ledger
       from balances where user_id = $1`,
      [user.id],
    );
    expect(rows[0]).toEqual({ available: "20.00", paid: "100.00", ledger: "20.00" });
  });

  it("keeps one schedule for the daily job however many instances start", async () => {
    const { rows } = await instances.sql.query<{ n: number }>(
      `select count(*)::int as n from pgboss.schedule where name = 'expiry-warnings'`,
    );
    expect(rows[0].n).toBe(1);
  });
});
