import type { Scenario } from "../lib/context";
import { onEachEngine } from "../lib/engines";

const DOMAINS = 500;
const DAYS = 100;
const DOMAIN_ROWS = 20_000;

const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The slowest health check allowed during an import, by engine, in milliseconds. */
const GOAL_MS = { postgres: 100, embedded: 250 } as const;
const POLL_EVERY_MS = 10;

/**
 * `/api/health` latency while a large CSV import runs: a 50,000-row parking report (500 domains ×
 * 100 days, about 1.6 MB) and a 20,000-row domain import. The health check is polled one
 * request at a time, every 10 ms, for as long as the import takes. Goal: every answer within
 * 100 ms on the PostgreSQL server, and within 250 ms on the embedded engine (whose statements run
 * in the server's own process), in one run.
 */
const scenario: Scenario = {
  name: "import-load",
  async run(ctx) {
    return onEachEngine(ctx, {}, async (engine, app, figures) => {
      const owner = await ctx.signUp(app.baseUrl);
      // 20,000 domains: beyond every plan but Ultimate.
      await ctx.subscribe(app.baseUrl, owner.cookie);
      const upload = (path: string, csv: string) =>
        fetch(`${app.baseUrl}${path}`, {
          method: "POST",
          headers: { cookie: owner.cookie, "content-type": "text/csv" },
          body: csv,
        }).then(async (r) => ({ status: r.status, body: await r.text() }));

      const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
      const names = Array.from({ length: DOMAINS }, (_, i) => `load-${i}.com`);
      const domainCsv = `name,status,registration date\n${names.map((n) => `${n},active,${day(400)}`).join("\n")}\n`;
      const added = await upload("/api/domains/import", domainCsv);
      if (added.status >= 300) throw new Error(`domain import: ${added.status} ${added.body.slice(0, 200)}`);

      const lines: string[] = [];
      for (let d = 1; d <= DAYS; d++) {
        for (const n of names)
          lines.push(`${day(d)},${n},${100 + (d % 50)},${d % 7},${((d * 37) % 5000) / 100}`);
      }
      const reportCsv = `date,domain,visitors,clicks,revenue\n${lines.join("\n")}\n`;
      const bigDomainCsv = `name,status\n${Array.from({ length: DOMAIN_ROWS }, (_, i) => `bulk-${i}.net,parked`).join("\n")}\n`;

      for (const [label, path, csv] of [
        ["parking report of 50,000 rows", "/api/parking-reports/bodis", reportCsv],
        ["domain import of 20,000 rows", "/api/domains/import", bigDomainCsv],
      ] as const) {
        const latencies: number[] = [];
        let done = false;
        const start = performance.now();
        const importing = upload(path, csv).finally(() => {
          done = true;
        });
        while (!done) {
          const t0 = performance.now();
          await fetch(`${app.baseUrl}/api/health`).then((r) => r.arrayBuffer());
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
        }
        const result = await importing;
        if (result.status >= 300) throw new Error(`${label}: ${result.status} ${result.body.slice(0, 200)}`);
        const sorted = [...latencies].sort((a, b) => a - b);
        figures[`${engine}: ${label}, s`] = Math.round((performance.now() - start) / 10) / 100;
        const max = round(sorted.at(-1) ?? 0);
        figures[`${engine}: health during ${label}, max ms (goal ≤ ${GOAL_MS[engine]})`] = max;
        figures[`${engine}: health during ${label}, p99 ms`] = round(percentile(sorted, 99));
        figures[`${engine}: health during ${label}, within goal`] = max <= GOAL_MS[engine];
        figures[`${engine}: health checks answered during ${label}`] = latencies.length;
      }
    });
  },
};

export default scenario;
