import { sql } from "drizzle-orm";
import type { Db } from "../../db/pool";
import type { NameserverPool } from "../../lib/nameserver-pool";
import { assignNameservers } from "./assign-nameservers";

/** Rows given their pair per transaction. */
const BATCH = 2_000;

/**
 * Gives the domains added before nameserver pairs (their pair is null) one, at start, after the
 * migrations: the pool is configuration, which the SQL migrations cannot read. A domain verified
 * through the shared nameservers of earlier versions (`PARKING_NAMESERVERS`) keeps them as its
 * pair, so it stays verified; that set is its account's for the name from then on, and the pool
 * never hands it out. Every other row is given a pair drawn for it, as an added domain is. Safe to
 * run on every start and on several instances at once; answers how many rows it gave a pair.
 */
export async function assignExistingNameservers(db: Db, pool: NameserverPool): Promise<number> {
  // Every start but the first after the upgrade finds none: one read, no transaction (cold start).
  const { rows: pending } = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from domains where verification_nameservers is null) as any`,
  );
  if (!pending[0]?.any) return 0;
  const { rows: kept } = await db.execute<{ n: number }>(sql`
    with kept as (
      update domains set verification_nameservers = ${sql.param(pool.legacy)}::text[]
      where verification_nameservers is null and verified_at is not null and verified_by = 'ns'
      returning name, user_id
    ), recorded as (
      insert into nameserver_assignments (name, user_id, nameservers)
      select name, user_id, ${sql.param(pool.legacy)}::text[] from kept
      on conflict do nothing
    )
    select count(*)::int as n from kept
  `);
  let given = kept[0]?.n ?? 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string; user_id: string; name: string }>(sql`
        select id, user_id, name from domains where verification_nameservers is null
        order by user_id, created_at limit ${BATCH}
        for update skip locked
      `);
      const byUser = new Map<string, typeof rows>();
      for (const row of rows) {
        const owned = byUser.get(row.user_id);
        if (owned) owned.push(row);
        else byUser.set(row.user_id, [row]);
      }
      for (const [userId, owned] of byUser) {
        const pairs = await assignNameservers(tx, { pool, userId, names: owned.map((r) => r.name) });
        const updates = owned.map((r) => ({ id: r.id, nameservers: pairs.get(r.name) ?? [] }));
        await tx.execute(sql`
          update domains d set verification_nameservers = x.nameservers
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id uuid, nameservers text[])
          where d.id = x.id
        `);
      }
      given += rows.length;
      return rows.length < BATCH;
    });
    if (done) return given;
  }
}
