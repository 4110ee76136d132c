import { keywordsOf, type Market, type PreparedEntry } from "./market";
import type { NameFeatures } from "./name-features";

/** A comparable name, its price, how alike it is (0 to 1) and what its price says of the name appraised. */
export interface Comparable {
  name: string;
  kind: "sale" | "listing";
  price: number;
  similarity: number;
  /** Its price adjusted for the differences between the two names (dollars). */
  adjusted: number;
  at: Date;
}

/** Asking prices run above closing prices: a listing counts at this share of its ask. */
export const LISTING_DISCOUNT = 0.6;
const MIN_SIMILARITY = 0.3;
const MAX_COMPARABLES = 8;
const MAX_PER_SELLER = 2;
/** However alike, one comparable's price moves the estimate by at most this factor (log10). */
const MAX_ADJUST_LOG10 = 1.5;

const structure = (f: NameFeatures) =>
  f.digits > 0 ? "digits" : f.hyphens > 0 ? "hyphens" : f.coverage === 1 ? "words" : "brand";

/** How alike two names are for a buyer: shared words most, then the suffix, length and make-up. */
export function similarity(a: NameFeatures, aWords: Set<string>, b: PreparedEntry): number {
  const shared = [...aWords].filter((w) => b.keywords.has(w)).length;
  const union = new Set([...aWords, ...b.keywords]).size;
  const words = union === 0 ? 0 : shared / union;
  const tld = a.tld === b.features.tld ? 1 : 0;
  const length = Math.max(0, 1 - Math.abs(a.length - b.features.length) / 8);
  const make = structure(a) === structure(b.features) ? 1 : 0;
  return 0.55 * words + 0.2 * tld + 0.15 * length + 0.1 * make;
}

/**
 * The closest sales and listings to a name (at most two from one seller, so that no account can
 * make up a name's comparables), each with its price adjusted by the difference of the two names'
 * own values: a sale of a longer name says the shorter one is worth more.
 */
export function findComparables(
  features: NameFeatures,
  nameLog10: number,
  market: Market,
  exclude?: string,
): Comparable[] {
  const words = keywordsOf(features);
  const scored = [...market.sales, ...market.listings]
    .filter((e) => e.name !== features.name && e.name !== exclude)
    .map((entry) => ({ entry, similarity: similarity(features, words, entry) }))
    .filter((s) => s.similarity >= MIN_SIMILARITY)
    .sort((x, y) => y.similarity - x.similarity || (x.entry.kind === "sale" ? -1 : 1));
  const perSeller = new Map<string, number>();
  const chosen: Comparable[] = [];
  for (const { entry, similarity: sim } of scored) {
    const count = perSeller.get(entry.sellerId) ?? 0;
    if (count >= MAX_PER_SELLER) continue;
    perSeller.set(entry.sellerId, count + 1);
    const shift = Math.max(-MAX_ADJUST_LOG10, Math.min(MAX_ADJUST_LOG10, nameLog10 - entry.nameLog10));
    const base = entry.kind === "listing" ? entry.price * LISTING_DISCOUNT : entry.price;
    chosen.push({
      name: entry.name,
      kind: entry.kind,
      price: entry.price,
      similarity: sim,
      adjusted: base * 10 ** shift,
      at: entry.at,
    });
    if (chosen.length === MAX_COMPARABLES) break;
  }
  return chosen;
}

/** The weight of each comparable: alike ones much more, listings half. */
export const comparableWeight = (c: Comparable) => c.similarity ** 2 * (c.kind === "sale" ? 1 : 0.5);
