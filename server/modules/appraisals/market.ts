import { type NameFeatures, nameFeatures } from "./name-features";
import { nameLog10 } from "./name-value";

/** A name that sold on the platform, or one listed for sale now, at its price in dollars. */
export interface MarketEntry {
  name: string;
  price: number;
  kind: "sale" | "listing";
  /** When it sold or was listed. */
  at: Date;
  /** The account that sold or lists it: no one seller may make up most of a name's comparables. */
  sellerId: string;
}

/** A market entry with what the engine reads of it, computed once. */
export interface PreparedEntry extends MarketEntry {
  features: NameFeatures;
  /** The value of its name alone (log10 dollars). */
  nameLog10: number;
  /** Its words of three letters or more, for matching. */
  keywords: Set<string>;
  /** What it is made of: words, a brand, digits or hyphens. */
  make: NameMake;
}

export type NameMake = "digits" | "hyphens" | "words" | "brand";

export const makeOf = (f: NameFeatures): NameMake =>
  f.digits > 0 ? "digits" : f.hyphens > 0 ? "hyphens" : f.coverage === 1 ? "words" : "brand";

/** The platform's closed sales and current listings, ready to appraise against. */
export interface Market {
  sales: PreparedEntry[];
  listings: PreparedEntry[];
  /** Sales and listings by each of their keywords. */
  byKeyword: Map<string, PreparedEntry[]>;
  /** Sales and listings by suffix. */
  byTld: Map<string, PreparedEntry[]>;
  /** Each sale's price against its name's value (log10), sorted: the platform's price level. */
  residuals: number[];
}

export const keywordsOf = (f: NameFeatures) =>
  new Set(f.words.filter((w) => w.text.length >= 3).map((w) => w.text));

export function prepareEntry(entry: MarketEntry): PreparedEntry {
  const features = nameFeatures(entry.name);
  return {
    ...entry,
    features,
    nameLog10: nameLog10(features),
    keywords: keywordsOf(features),
    make: makeOf(features),
  };
}

/** Prepares the market once for any number of appraisals (the backtest appraises every sale). */
export function prepareMarket(entries: readonly MarketEntry[]): Market {
  const prepared = entries.filter((e) => e.price > 0).map(prepareEntry);
  const sales = prepared.filter((e) => e.kind === "sale");
  const byKeyword = new Map<string, PreparedEntry[]>();
  const byTld = new Map<string, PreparedEntry[]>();
  const add = (map: Map<string, PreparedEntry[]>, key: string, entry: PreparedEntry) => {
    const list = map.get(key);
    if (list) list.push(entry);
    else map.set(key, [entry]);
  };
  for (const entry of prepared) {
    for (const word of entry.keywords) add(byKeyword, word, entry);
    add(byTld, entry.features.tld, entry);
  }
  return {
    sales,
    byKeyword,
    byTld,
    listings: prepared.filter((e) => e.kind === "listing"),
    residuals: sales.map((s) => Math.log10(s.price) - s.nameLog10).sort((a, b) => a - b),
  };
}

/** The median of a sorted list, leaving out one occurrence of `without` when given. */
export function medianOf(sorted: readonly number[], without?: number): number | null {
  let list = sorted;
  if (without !== undefined) {
    const at = sorted.indexOf(without);
    if (at >= 0) list = [...sorted.slice(0, at), ...sorted.slice(at + 1)];
  }
  if (list.length === 0) return null;
  const mid = Math.floor(list.length / 2);
  return list.length % 2 === 1 ? list[mid] : (list[mid - 1] + list[mid]) / 2;
}
