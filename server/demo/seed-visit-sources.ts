import { bulkInsert } from "./bulk-insert";
import type { DemoContext } from "./demo-context";
import { createRandom } from "./random";
import type { DemoTraffic } from "./seed-domains";

/** Where the demo's parked-page visitors come from, with rough weights ("" unknown / direct). */
const COUNTRIES: readonly [string, number][] = [
  ["US", 62],
  ["CA", 9],
  ["GB", 7],
  ["AU", 4],
  ["IN", 4],
  ["DE", 3],
  ["", 11],
];
const REFERRERS: readonly [string, number][] = [
  ["", 58],
  ["google.com", 18],
  ["bing.com", 7],
  ["duckduckgo.com", 3],
  ["reddit.com", 5],
  ["facebook.com", 4],
  ["news.ycombinator.com", 1],
  ["carsdirect.example", 4],
];

function draw(weights: readonly [string, number][], roll: number): string {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  let left = roll * total;
  for (const [key, weight] of weights) {
    left -= weight;
    if (left < 0) return key;
  }
  return weights[0][0];
}

const COLUMNS = {
  domain_id: "uuid",
  user_id: "uuid",
  day: "date",
  country: "text",
  referrer: "text",
  visits: "integer",
};

/**
 * The country and referrer of every counted parked-page visit, as the visit counter records them.
 * Its own random sequence, so the rest of the demo draws what it drew before.
 */
export async function seedVisitSources(ctx: DemoContext, traffic: DemoTraffic): Promise<void> {
  const rand = createRandom(0x50a7ce);
  const rows = new Map<string, Record<string, unknown>>();
  for (const row of traffic.values()) {
    for (let i = 0; i < row.visits; i++) {
      const country = draw(COUNTRIES, rand.next());
      const referrer = draw(REFERRERS, rand.next());
      const key = `${row.domain_id}|${row.day}|${country}|${referrer}`;
      const found = rows.get(key);
      if (found) found.visits = (found.visits as number) + 1;
      else
        rows.set(key, {
          domain_id: row.domain_id,
          user_id: ctx.userId,
          day: row.day,
          country,
          referrer,
          visits: 1,
        });
    }
  }
  await bulkInsert(ctx.tx, "domain_visit_sources", COLUMNS, [...rows.values()]);
}
