import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { verifyAuditChain } from "../../server/modules/audit/audit-chain";
import * as schema from "../../shared/schema";
import { benchPool, type Scenario } from "../lib/context";

const WRITERS = 16;
const PER_WRITER = 500;

/** Audit entries written per second by WRITERS connections at once, each its own transaction. */
async function insertsPerSecond(pool: pg.Pool): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      const client = await pool.connect();
      try {
        for (let i = 0; i < PER_WRITER; i++) {
          await client.query(
            "insert into audit_log (event, address, user_agent, detail) values ('sign_in', '198.51.100.7', 'bench', $1)",
            [JSON.stringify({ w, i })],
          );
        }
      } finally {
        client.release();
      }
    }),
  );
  return Math.round((WRITERS * PER_WRITER) / ((performance.now() - started) / 1000));
}

/**
 * What chaining the audit log costs: entries written per second by 16 concurrent writers with the
 * chain's insert trigger (one writer extends the chain at a time) and without it, and how fast
 * `npm run audit:verify` walks and re-hashes the chain.
 */
const scenario: Scenario = {
  name: "audit-chain",
  async run(ctx) {
    const measure = async (chain: boolean) => {
      const database = await ctx.freshDatabase();
      const pool = benchPool({ connectionString: database.url, max: WRITERS });
      try {
        if (!chain) await pool.query("alter table audit_log disable trigger audit_log_chain");
        const perSec = await insertsPerSecond(pool);
        if (!chain) return { perSec, verifyMs: 0, entries: 0 };
        const started = performance.now();
        const report = await verifyAuditChain(drizzle(pool, { schema }));
        const verifyMs = performance.now() - started;
        if (report.breaks.length > 0 || report.entries !== WRITERS * PER_WRITER)
          throw new Error(`the chain does not hold: ${JSON.stringify(report.breaks.slice(0, 3))}`);
        return { perSec, verifyMs, entries: report.entries };
      } finally {
        await pool.end();
        await database.drop();
      }
    };
    const chained = await measure(true);
    const unchained = await measure(false);
    return {
      writers: WRITERS,
      chainedInsertsPerSec: chained.perSec,
      unchainedInsertsPerSec: unchained.perSec,
      verifiedEntries: chained.entries,
      verifyMs: Math.round(chained.verifyMs),
      verifiedEntriesPerSec: Math.round(chained.entries / (chained.verifyMs / 1000)),
    };
  },
};

export default scenario;
