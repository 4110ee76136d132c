import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";

/** One place where the audit chain does not hold. */
export interface ChainBreak {
  seq: number | null;
  id: string;
  problem: "unchained" | "edited" | "gap";
}

export interface ChainReport {
  /** Entries read. */
  entries: number;
  /** The last entry: keep its hash elsewhere to detect a cut-off tail later. */
  head: { seq: number; hash: string } | null;
  breaks: ChainBreak[];
}

const BATCH = 5000;
/** Enough to locate tampering without reading a ruined log into memory. */
const MAX_BREAKS = 100;

interface Row extends Record<string, unknown> {
  id: string;
  seq: string | number | null;
  prev_hash: string | null;
  hash: string | null;
  expected: string | null;
}

/**
 * Walks the audit log in chain order and recomputes each entry's hash with the same database
 * function the insert trigger uses (migration 0014): an entry whose content changed no longer
 * matches its hash ("edited"), an entry whose `prevHash` is not the hash before it shows one
 * removed or inserted ("gap"), and an entry without a place was written with the trigger off
 * ("unchained").
 */
export async function verifyAuditChain(db: DbOrTx): Promise<ChainReport> {
  const breaks: ChainBreak[] = [];
  let entries = 0;
  let previous: string | null = null;
  let head: ChainReport["head"] = null;
  let after = -1;
  for (;;) {
    const { rows } = await db.execute<Row>(sql`
      select id, seq, prev_hash, hash,
        audit_entry_hash(prev_hash, seq, id, user_id, event, address, user_agent, detail, created_at) as expected
      from audit_log where seq > ${after} order by seq limit ${BATCH}
    `);
    for (const row of rows) {
      const seq = Number(row.seq);
      entries++;
      if (row.hash !== row.expected) breaks.push({ seq, id: row.id, problem: "edited" });
      if (row.prev_hash !== previous) breaks.push({ seq, id: row.id, problem: "gap" });
      previous = row.hash;
      head = { seq, hash: row.hash ?? "" };
      after = seq;
    }
    if (rows.length < BATCH || breaks.length >= MAX_BREAKS) break;
  }
  const { rows: unchained } = await db.execute<{ id: string }>(
    sql`select id from audit_log where seq is null limit ${MAX_BREAKS}`,
  );
  for (const row of unchained) breaks.push({ seq: null, id: row.id, problem: "unchained" });
  entries += unchained.length;
  return { entries, head, breaks: breaks.slice(0, MAX_BREAKS) };
}
