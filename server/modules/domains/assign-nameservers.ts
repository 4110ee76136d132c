import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";
import type { NameserverPool } from "../../lib/nameserver-pool";

/** Names assigned per statement, as the import writes its rows. */
const CHUNK = 2_000;
/** Rounds against concurrent imports of the same names; each round settles at least one name. */
const ROUNDS = 5;

interface Assignment extends Record<string, unknown> {
  name: string;
  user_id: string | null;
  nameservers: string[];
}

/**
 * The nameserver pair of each of `names` for the account: the one it was given before for that
 * name (deleting and adding a name again gives the same pair back), else one drawn at random among
 * the pairs no other account holds or held for it, recorded for good. An empty pair means none
 * was left: only the TXT record proves that copy. A pair is never given twice for a name (the
 * unique index decides a race with another account's import; the loser chooses again).
 */
export async function assignNameservers(
  db: DbOrTx,
  options: { pool: NameserverPool; userId: string; names: string[] },
): Promise<Map<string, string[]>> {
  const { pool, userId } = options;
  const given = new Map<string, string[]>();
  for (let at = 0; at < options.names.length; at += CHUNK) {
    let open = [...new Set(options.names.slice(at, at + CHUNK))];
    for (let round = 0; round < ROUNDS && open.length > 0; round += 1) {
      const { rows } = await db.execute<Assignment>(sql`
        select name, user_id, nameservers from nameserver_assignments where name = any(${sql.param(open)}::text[])
      `);
      const taken = new Map<string, string[][]>();
      for (const row of rows) {
        if (row.user_id === userId) given.set(row.name, row.nameservers);
        else taken.set(row.name, [...(taken.get(row.name) ?? []), row.nameservers]);
      }
      const proposals = [];
      for (const name of open.filter((n) => !given.has(n))) {
        const pair = pool.draw(taken.get(name) ?? []);
        if (pair) proposals.push({ name, nameservers: pair });
        else given.set(name, []);
      }
      if (proposals.length > 0) {
        const { rows: won } = await db.execute<Assignment>(sql`
          insert into nameserver_assignments (name, user_id, nameservers)
          select x.name, ${userId}, x.nameservers
          from jsonb_to_recordset(${JSON.stringify(proposals)}::jsonb) as x(name text, nameservers text[])
          on conflict do nothing
          returning name, user_id, nameservers
        `);
        for (const row of won) given.set(row.name, row.nameservers);
      }
      open = open.filter((n) => !given.has(n));
    }
    // Still contested after every round: this copy is offered the TXT record alone.
    for (const name of open) given.set(name, []);
  }
  return given;
}
