import type { Scenario } from "../lib/context";

/** Domains of a downgraded account: far past the free plan's limit. */
const DOWNGRADED_DOMAINS = 5_000;

/**
 * What the plan check costs (docs/product.md#account-plans), on the PostgreSQL server: Add
 * Domain on a free account (the check counts the portfolio under a per-account lock) against a
 * read that asks no plan, and `GET /api/settings/plan` for an account whose 5,000 domains are
 * mostly read-only after a downgrade, and Add Domain refused by the check. No goal yet: the
 * figures are recorded in docs/performance.md.
 */
const scenario: Scenario = {
  name: "plan-limits",
  async run(ctx) {
    const { app, pool, close } = await ctx.appOnFreshDatabase();
    try {
      const owner = await ctx.signUp(app.baseUrl);
      const headers = { cookie: owner.cookie, "content-type": "application/json" };
      let n = 0;
      const add = await ctx.time(async () => {
        n += 1;
        const res = await fetch(`${app.baseUrl}/api/domains`, {
          method: "POST",
          headers,
          body: JSON.stringify({ name: `bench-plan-${n}.com` }),
        });
        if (res.status !== 201) throw new Error(`add domain: ${res.status} ${await res.text()}`);
      }, 40);
      const nameservers = await ctx.time(
        () => fetch(`${app.baseUrl}/api/domains/nameservers`, { headers }).then((r) => r.arrayBuffer()),
        40,
      );

      const downgraded = await ctx.signUp(app.baseUrl);
      await pool.query(
        `insert into domains (user_id, name, status, created_at)
         select $1, 'downgraded-' || i || '.com', 'pending', now() - i * interval '1 second'
         from generate_series(1, $2::int) i`,
        [downgraded.userId, DOWNGRADED_DOMAINS],
      );
      await pool.query("analyze domains");
      const planRead = await ctx.time(async () => {
        const res = await fetch(`${app.baseUrl}/api/settings/plan`, {
          headers: { cookie: downgraded.cookie },
        });
        const body = (await res.json()) as { readOnlyDomainIds: string[] };
        if (body.readOnlyDomainIds.length !== DOWNGRADED_DOMAINS - 50)
          throw new Error(`read-only domains: ${body.readOnlyDomainIds.length}`);
      }, 40);
      const refused = await ctx.time(async () => {
        const res = await fetch(`${app.baseUrl}/api/domains`, {
          method: "POST",
          headers: { cookie: downgraded.cookie, "content-type": "application/json" },
          body: JSON.stringify({ name: "one-too-many.com" }),
        });
        if (res.status !== 403) throw new Error(`over the limit: ${res.status}`);
      }, 40);

      return {
        "Add Domain on a free account, p50 ms": add.p50Ms,
        "Add Domain on a free account, p99 ms": add.p99Ms,
        "a read without the plan check (usual nameservers), p50 ms": nameservers.p50Ms,
        [`GET /api/settings/plan, ${DOWNGRADED_DOMAINS.toLocaleString("en-US")} domains after a downgrade, p50 ms`]:
          planRead.p50Ms,
        [`GET /api/settings/plan, ${DOWNGRADED_DOMAINS.toLocaleString("en-US")} domains after a downgrade, p99 ms`]:
          planRead.p99Ms,
        "Add Domain refused over the limit (403 PLAN_LIMIT), p50 ms": refused.p50Ms,
      };
    } finally {
      await close();
    }
  },
};

export default scenario;
