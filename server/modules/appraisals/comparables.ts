import { keywordsOf, type Market, makeOf, type NameMake, type PreparedEntry } from "./market";
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
/** Candidates kept before the per-seller cap picks the comparables. */
const KEEP_CANDIDATES = MAX_COMPARABLES * 6;
/** However alike, one comparable's price moves the estimate by at most this factor (log10). */
const MAX_ADJUST_LOG10 = 1.5;

/**
 * How alike two names are for a buyer: shared words most (their share of all the words of both),
 * then the suffix, the length and what they are made of.
 */
export function similarity(a: NameFeatures, aWords: Set<string>, aMake: NameMake, b: PreparedEntry): number {
  let shared = 0;
  for (const w of aWords) if (b.keywords.has(w)) shared++;
  const union = aWords.size + b.keywords.size - shared;
  const tld = a.tld === b.features.tld ? 1 : 0;
  const length = Math.max(0, 1 - Math.abs(a.length - b.features.length) / 8);
  const shape = 0.2 * tld + 0.15 * length + 0.1 * (aMake === b.make ? 1 : 0);
  return shape + (union === 0 ? 0 : (0.55 * shared) / union);
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
  const make = makeOf(features);
  // Only names that share a word or the suffix can reach MIN_SIMILARITY (the shape alone of a
  // name under another suffix gives at most 0.25), so only those are scored.
  const candidates = new Set<PreparedEntry>(market.byTld.get(features.tld));
  for (const w of words) for (const entry of market.byKeyword.get(w) ?? []) candidates.add(entry);
  // The best few, kept in order as they are found: sorting every candidate cost more than the rest.
  const scored: { entry: PreparedEntry; similarity: number }[] = [];
  const better = (a: number, aSale: boolean, b: { entry: PreparedEntry; similarity: number }) =>
    a > b.similarity || (a === b.similarity && aSale && b.entry.kind !== "sale");
  for (const entry of candidates) {
    if (entry.name === features.name || entry.name === exclude) continue;
    const sim = similarity(features, words, make, entry);
    if (sim < MIN_SIMILARITY) continue;
    const sale = entry.kind === "sale";
    if (scored.length === KEEP_CANDIDATES && !better(sim, sale, scored[KEEP_CANDIDATES - 1])) continue;
    let at = scored.length;
    while (at > 0 && better(sim, sale, scored[at - 1])) at--;
    scored.splice(at, 0, { entry, similarity: sim });
    if (scored.length > KEEP_CANDIDATES) scored.pop();
  }
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
