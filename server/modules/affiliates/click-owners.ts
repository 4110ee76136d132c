import type pg from "pg";

/** A code's owner is read once a minute at most; an unknown code again after a few seconds. */
const OWNER_TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 5_000;
const MAX_CODES = 10_000;

/**
 * Whose referral link a code is (the user, or the affiliate whose unused invitation it is), or
 * null. Links are clicked in bursts from one post or banner, so answers are kept briefly: a burst
 * costs one lookup, and concurrent clicks on an unread code share it. Prepared by name, so the
 * database plans the lookup once per connection.
 */
export function clickOwners(pool: pg.Pool): (code: string) => Promise<string | null> {
  const known = new Map<string, { owner: string | null; until: number }>();
  const reading = new Map<string, Promise<string | null>>();
  const read = async (code: string): Promise<string | null> => {
    const { rows } = await pool.query<{ owner: string }>({
      name: "referral-click-owner",
      text: `select id::text as owner from users where referral_code = $1
        union all
        select user_id::text from affiliates where referral_code = $1 and referred_user_id is null
        limit 1`,
      values: [code],
    });
    const owner = rows[0]?.owner ?? null;
    if (known.size >= MAX_CODES) known.clear();
    known.set(code, { owner, until: Date.now() + (owner ? OWNER_TTL_MS : UNKNOWN_TTL_MS) });
    return owner;
  };
  return (code) => {
    const hit = known.get(code);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.owner);
    let pending = reading.get(code);
    if (!pending) {
      pending = read(code).finally(() => reading.delete(code));
      reading.set(code, pending);
    }
    return pending;
  };
}
