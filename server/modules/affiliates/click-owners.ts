import type pg from "pg";

/** A code's owner is read once a minute at most; an unknown code again after a few seconds. */
const OWNER_TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 5_000;
const MAX_CODES = 10_000;

/**
 * Whose referral link each code is (the user, or the affiliate whose unused invitation it is), or
 * null. Links are clicked in bursts from one post or banner, so answers are kept briefly; the codes
 * of a batch not known yet are read in one statement, so a batch of made-up codes costs one lookup,
 * not one each. Prepared by name, so the database plans the lookup once per connection.
 */
export function clickOwners(pool: pg.Pool): (codes: string[]) => Promise<Map<string, string | null>> {
  const known = new Map<string, { owner: string | null; until: number }>();
  return async (codes) => {
    const now = Date.now();
    const owners = new Map<string, string | null>();
    const unread: string[] = [];
    for (const code of new Set(codes)) {
      const hit = known.get(code);
      if (hit && hit.until > now) owners.set(code, hit.owner);
      else unread.push(code);
    }
    if (unread.length === 0) return owners;
    const { rows } = await pool.query<{ code: string; owner: string }>({
      name: "referral-click-owners",
      text: `select referral_code as code, id::text as owner from users where referral_code = any($1::text[])
        union all
        select referral_code, user_id::text from affiliates
        where referral_code = any($1::text[]) and referred_user_id is null`,
      values: [unread],
    });
    const found = new Map(rows.map((row) => [row.code, row.owner]));
    if (known.size + unread.length > MAX_CODES) known.clear();
    for (const code of unread) {
      const owner = found.get(code) ?? null;
      owners.set(code, owner);
      known.set(code, { owner, until: now + (owner ? OWNER_TTL_MS : UNKNOWN_TTL_MS) });
    }
    return owners;
  };
}
