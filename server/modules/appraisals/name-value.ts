import type { NameFeatures } from "./name-features";
import { tldFactor } from "./tld-factors";

/** One thing about the name that moves its value, as a buyer reads it, with its effect (log10). */
export interface Factor {
  /** What the feature is, e.g. "length". */
  feature: string;
  text: string;
  log10: number;
}

/** A plain .com name of eight letters that are not words starts here: about $160. */
const BASE_LOG10 = 2.2;

function lengthFactor(f: NameFeatures): Factor {
  const bonus: Record<number, number> = { 1: 1.6, 2: 1.5, 3: 1.3, 4: 0.8, 5: 0.45, 6: 0.25, 7: 0.1 };
  const log10 = bonus[f.length] ?? Math.max(-1, -(f.length - 8) * 0.08);
  const text =
    f.length <= 4
      ? `${f.length} characters: short names are scarce`
      : f.length <= 8
        ? `${f.length} characters: easy to type`
        : `${f.length} characters: long names are worth less`;
  return { feature: "length", text, log10 };
}

function wordFactors(f: NameFeatures): Factor[] {
  const factors: Factor[] = [];
  const list = f.words.map((w) => `"${w.text}"`).join(", ");
  if (f.isDictionaryWord && f.words.length === 1) {
    factors.push({ feature: "words", text: `A single dictionary word (${list})`, log10: 1.3 });
  } else if (f.coverage === 1 && f.words.length > 0) {
    const log10 = f.words.length === 2 ? 0.7 : f.words.length === 3 ? 0.3 : 0;
    factors.push({ feature: "words", text: `Made of ${f.words.length} dictionary words (${list})`, log10 });
  } else if (f.length > 4 && f.words.length + f.pieces.length > 0) {
    const outside = f.pieces
      .filter((p) => p.zipf === null)
      .map((p) => `"${p.text}"`)
      .join(", ");
    factors.push({
      feature: "words",
      text:
        f.words.length > 0
          ? `Partly dictionary words (${list}); ${outside} is not a word`
          : `No dictionary word in it (${outside})`,
      log10: -(1 - f.coverage) * 0.8 + (f.words.length > 0 ? 0.2 : 0),
    });
  }
  if (f.meanZipf !== null && f.coverage >= 0.8) {
    const log10 = Math.max(-0.5, Math.min(0.7, (f.meanZipf - 3.5) * 0.35));
    const common = f.meanZipf >= 4.5 ? "everyday words" : f.meanZipf >= 3.5 ? "familiar words" : "rare words";
    factors.push({
      feature: "frequency",
      text: `${common[0].toUpperCase()}${common.slice(1)} (frequency ${f.meanZipf.toFixed(1)} on the Zipf scale of 1 to 7)`,
      log10,
    });
  }
  return factors;
}

function shapeFactors(f: NameFeatures): Factor[] {
  const factors: Factor[] = [];
  if (f.syllables <= 2 && f.length > 0)
    factors.push({
      feature: "syllables",
      text: `${f.syllables} syllable${f.syllables === 1 ? "" : "s"}: easy to say`,
      log10: 0.15,
    });
  else if (f.syllables > 3)
    factors.push({
      feature: "syllables",
      text: `${f.syllables} syllables: hard to say`,
      log10: -(f.syllables - 3) * 0.1,
    });
  if (f.hyphens > 0)
    factors.push({
      feature: "hyphens",
      text: `${f.hyphens} hyphen${f.hyphens === 1 ? "" : "s"}`,
      log10: Math.max(-1, -0.4 * f.hyphens),
    });
  if (f.digits > 0 && f.digits === f.length)
    factors.push(
      f.length <= 4
        ? { feature: "digits", text: `A short number (${f.length} digits)`, log10: 0.6 }
        : { feature: "digits", text: `A long number (${f.length} digits)`, log10: -0.2 * (f.length - 4) },
    );
  else if (f.digits > 0)
    factors.push({
      feature: "digits",
      text: `Mixes digits with letters (${f.digits} digit${f.digits === 1 ? "" : "s"})`,
      log10: -0.5,
    });
  if (f.coverage < 1 && /^[a-z]+$/.test(f.label) && f.length > 4) {
    const log10 = 0.6 * (f.brandability - 0.5);
    factors.push({
      feature: "brandability",
      text: f.brandability >= 0.6 ? "Brandable: easy to say and remember" : "Hard to say as a brand",
      log10,
    });
  }
  return factors;
}

function tldFactorOf(f: NameFeatures): Factor {
  const { log10, known } = tldFactor(f.tld);
  const text =
    f.tld === "com"
      ? ".com: the suffix buyers pay most for"
      : known
        ? `.${f.tld}: buyers pay less than for the same .com`
        : `.${f.tld}: a suffix few buyers look for`;
  return { feature: "tld", text, log10 };
}

/** Every factor of the name, the suffix first. */
export function nameFactors(f: NameFeatures): Factor[] {
  return [tldFactorOf(f), lengthFactor(f), ...wordFactors(f), ...shapeFactors(f)];
}

/** Cheapest and dearest a name's own features can make it, in dollars. */
export const NAME_VALUE_FLOOR = 10;
export const NAME_VALUE_CEILING = 5_000_000;

/** The value of the name alone (log10 dollars), before what the market says. */
export function nameLog10(f: NameFeatures): number {
  const total = nameFactors(f).reduce((sum, x) => sum + x.log10, BASE_LOG10);
  return Math.max(Math.log10(NAME_VALUE_FLOOR), Math.min(Math.log10(NAME_VALUE_CEILING), total));
}
