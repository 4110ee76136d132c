import type { TConnection } from "../../shared/api/connections";
import { startFakeRates } from "../../tests/fakes/exchange-rates";
import { startFakeNamecheap } from "../../tests/fakes/namecheap";
import { startFakeSedo } from "../../tests/fakes/sedo";
import type { Scenario } from "../lib/context";

const NAMES = 10_000;
const DAYS = 90;
const GOAL_S = 60;
const HEALTH_GOAL_MS = 100;
const POLL_EVERY_MS = 10;
/** A sync still running after this long is recorded as not done, with how far it got. */
const LONGEST_WAIT_S = 240;

const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const NAMECHEAP = { apiUser: "bench", apiKey: "bench-namecheap-key", whitelist: ["127.0.0.1"] };
const SEDO = { partnerId: "1", signKey: "bench-sign-key", username: "bench", password: "bench-password" };

/**
 * Connected services at scale, on the PostgreSQL server: a Namecheap account of 10,000 names
 * (100 pages of the XML API) synced into an empty portfolio, then a Sedo account reporting those
 * 10,000 names for 90 days (900,000 domain-days in EUR, converted) written as reported revenue.
 * Each sync runs in the app's job queue as in production, against local fakes of the services;
 * `/api/health` is polled one request at a time every 10 ms while it runs. Goal: each sync within
 * 60 s, health p99 within 100 ms.
 */
const scenario: Scenario = {
  name: "connections",
  async run(ctx) {
    const namecheap = await startFakeNamecheap(NAMECHEAP);
    const sedo = await startFakeSedo(SEDO);
    const rates = await startFakeRates({ EUR: "1.08" });
    const names = Array.from({ length: NAMES }, (_, i) => `bench-${String(i).padStart(5, "0")}.com`);
    for (const name of names) {
      namecheap.domains.push({
        name,
        expires: "11/20/2027",
        autoRenew: true,
        locked: true,
        whoisGuard: "ENABLED",
        nameservers: [],
      });
    }
    for (let d = 1; d <= DAYS; d++) {
      const day = new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
      for (const [i, name] of names.entries()) {
        sedo.stats.set({
          domain: name,
          day,
          visits: 10 + (i % 7),
          clicks: i % 3,
          revenue: `${(i * d) % 500}.${d % 100}`,
          currency: "EUR",
        });
      }
    }
    const { app, pool, close } = await ctx.appOnFreshDatabase({
      env: { ...namecheap.env, ...sedo.env, ...rates.env, CONNECTIONS_BACKOFF_MS: "100", LOG_LEVEL: "warn" },
    });
    const figures: Record<string, number | string | boolean> = {};
    try {
      const owner = await ctx.signUp(app.baseUrl);
      await ctx.subscribe(app.baseUrl, owner.cookie);
      const api = (path: string, init: RequestInit = {}) =>
        fetch(`${app.baseUrl}${path}`, {
          ...init,
          headers: { cookie: owner.cookie, "content-type": "application/json", ...init.headers },
        });
      for (const [label, service, credentials] of [
        [
          `registrar sync of ${NAMES.toLocaleString("en-US")} names`,
          "namecheap",
          { apiUser: NAMECHEAP.apiUser, apiKey: NAMECHEAP.apiKey },
        ],
        [`parking sync of ${NAMES.toLocaleString("en-US")} names × ${DAYS} days`, "sedo", SEDO],
      ] as const) {
        const latencies: number[] = [];
        const start = performance.now();
        const created = await api("/api/connections", {
          method: "POST",
          body: JSON.stringify({ service, credentials }),
        });
        if (created.status !== 201) throw new Error(`${service}: ${created.status} ${await created.text()}`);
        const { id } = (await created.json()) as TConnection;
        let connection: TConnection | undefined;
        let lastLook = 0;
        for (;;) {
          const t0 = performance.now();
          await fetch(`${app.baseUrl}/api/health`).then((r) => r.arrayBuffer());
          latencies.push(performance.now() - t0);
          if (t0 - lastLook > 500) {
            lastLook = t0;
            const list = (await (await api("/api/connections")).json()) as TConnection[];
            connection = list.find((c) => c.id === id);
            if (connection?.lastRunAt) break;
          }
          if (performance.now() - start > LONGEST_WAIT_S * 1000) break;
          await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
        }
        const seconds = Math.round((performance.now() - start) / 10) / 100;
        if (!connection?.lastRunAt) {
          const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from parking_reports");
          figures[`${label}: finished`] = false;
          figures[`${label}: still running after, s`] = seconds;
          figures[`${label}: domain-days written so far`] = rows[0].n;
        } else if (connection.lastStatus !== "ok") throw new Error(`${service}: ${connection.lastError}`);
        const sorted = [...latencies].sort((a, b) => a - b);
        figures[`${label}, s (goal ≤ ${GOAL_S})`] = seconds;
        figures[`${label}: summary`] = JSON.stringify({
          ...connection?.summary,
          revisions: undefined,
          unknownDomains: undefined,
        });
        figures[`health during ${label}, p99 ms (goal ≤ ${HEALTH_GOAL_MS})`] = round(percentile(sorted, 99));
        figures[`health during ${label}, max ms`] = round(sorted.at(-1) ?? 0);
        figures[`health checks answered during ${label}`] = latencies.length;
        figures[`${label}: within goals`] = seconds <= GOAL_S && percentile(sorted, 99) <= HEALTH_GOAL_MS;
      }
    } finally {
      await close();
      await namecheap.close();
      await sedo.close();
      await rates.close();
    }
    return figures;
  },
};

export default scenario;
