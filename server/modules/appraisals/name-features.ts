import { syllable } from "syllable";
import { tldts } from "../../lib/domain-name";
import { type Piece, segmentWords } from "./segment-words";
import { type WordData, wordData } from "./word-data";

/** What a name is made of, as a buyer would see it. */
export interface NameFeatures {
  name: string;
  /** The part before the public suffix: "best-cars" of "best-cars.co.uk". */
  label: string;
  /** The public suffix: "com", "co.uk". */
  tld: string;
  /** Characters of the label. */
  length: number;
  digits: number;
  hyphens: number;
  /** The label's letter runs split into words and pieces that are no word. */
  pieces: Piece[];
  /** The words found (pieces that are words). */
  words: Piece[];
  /** Share of the label's letters that are inside words (0 to 1). */
  coverage: number;
  /** The whole label is one word of the dictionary. */
  isDictionaryWord: boolean;
  /** Mean Zipf frequency of the words, or null without words. */
  meanZipf: number | null;
  syllables: number;
  /** How easy the name is to say and remember, 0 to 1 (letters only; vowels and consonants alternate). */
  brandability: number;
}

const VOWELS = /[aeiouy]/;

/** The longest run of consonants: "strengths" has 4 at its end. */
function longestConsonantRun(letters: string): number {
  let longest = 0;
  let run = 0;
  for (const ch of letters) {
    run = VOWELS.test(ch) ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * Brandability of a label: a pronounceable, short, letters-only name (Zillow, Trivago) scores
 * high; consonant clusters, too few or too many vowels, digits, hyphens and length lower it.
 */
export function brandabilityOf(label: string, syllables: number): number {
  if (!/^[a-z]+$/.test(label)) return 0;
  const vowels = [...label].filter((c) => VOWELS.test(c)).length;
  const ratio = vowels / label.length;
  let score = 1;
  score -= Math.max(0, longestConsonantRun(label) - 2) * 0.25;
  score -= Math.abs(ratio - 0.42) > 0.18 ? 0.3 : 0;
  score -= label.length > 8 ? (label.length - 8) * 0.1 : 0;
  score -= label.length < 4 ? 0.2 : 0;
  score -= syllables > 3 ? (syllables - 3) * 0.15 : 0;
  return Math.max(0, Math.min(1, score));
}

/** The label and suffix of a domain name; a bare word is read as a .com. */
export function splitName(name: string): { label: string; tld: string } {
  const lower = name.trim().toLowerCase().replace(/\.$/, "");
  const parsed = tldts().parse(lower, { allowPrivateDomains: false });
  if (parsed.publicSuffix && parsed.domainWithoutSuffix) {
    return { label: parsed.domainWithoutSuffix.split(".").pop() ?? "", tld: parsed.publicSuffix };
  }
  return { label: lower.split(".")[0] ?? "", tld: "com" };
}

/** The features of a domain name (`words` defaults to the packaged word data). */
export function nameFeatures(name: string, words: WordData = wordData()): NameFeatures {
  const { label, tld } = splitName(name);
  const pieces = (label.match(/[a-z]+/g) ?? []).flatMap((run) => segmentWords(run, words));
  const found = pieces.filter((p) => p.zipf !== null);
  const letters = pieces.reduce((sum, p) => sum + p.text.length, 0);
  const inWords = found.reduce((sum, p) => sum + p.text.length, 0);
  const syllables =
    pieces.reduce((sum, p) => sum + Math.max(1, syllable(p.text)), 0) + (label.match(/\d/g)?.length ?? 0);
  return {
    name: `${label}.${tld}`,
    label,
    tld,
    length: label.length,
    digits: label.match(/\d/g)?.length ?? 0,
    hyphens: label.match(/-/g)?.length ?? 0,
    pieces,
    words: found,
    coverage: letters === 0 ? 0 : inWords / letters,
    isDictionaryWord: /^[a-z]+$/.test(label) && words.isWord(label),
    meanZipf: found.length === 0 ? null : found.reduce((sum, p) => sum + (p.zipf ?? 0), 0) / found.length,
    syllables,
    brandability: brandabilityOf(label, syllables),
  };
}
