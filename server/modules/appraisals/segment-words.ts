import type { WordData } from "./word-data";

/** A piece of a name: a word with its Zipf frequency, or letters that are no word (`zipf` null). */
export interface Piece {
  text: string;
  zipf: number | null;
}

const MAX_WORD = 20;
/** Cost of a letter left outside any word, against a word's cost (its rarity): high, so words win. */
const UNKNOWN_LETTER_COST = 3.2;
/** Every word costs this on top of its rarity, so that fewer, longer words are preferred. */
const WORD_COST = 1.5;

const wordCost = (zipf: number) => WORD_COST + (8 - zipf) * 0.9;

/**
 * Splits a run of letters into the likeliest words (a Viterbi search over the word data: common
 * words cost little, rare ones more, letters outside any word the most). "bestcarinsurance" →
 * best, car, insurance; "xkqvz" → one piece that is no word.
 */
export function segmentWords(letters: string, words: WordData): Piece[] {
  const n = letters.length;
  const best: number[] = [0];
  const from: { start: number; zipf: number | null }[] = [{ start: 0, zipf: null }];
  for (let end = 1; end <= n; end++) {
    best[end] = best[end - 1] + UNKNOWN_LETTER_COST;
    from[end] = { start: end - 1, zipf: null };
    for (let start = Math.max(0, end - MAX_WORD); start < end; start++) {
      const zipf = words.zipf(letters.slice(start, end));
      if (zipf === undefined) continue;
      const cost = best[start] + wordCost(zipf);
      if (cost < best[end]) {
        best[end] = cost;
        from[end] = { start, zipf };
      }
    }
  }
  const pieces: Piece[] = [];
  for (let end = n; end > 0; ) {
    const { start, zipf } = from[end];
    const text = letters.slice(start, end);
    const last = pieces[0];
    // Letters outside words join up: "xkq" is one piece, not three.
    if (zipf === null && last && last.zipf === null) last.text = text + last.text;
    else pieces.unshift({ text, zipf });
    end = start;
  }
  return pieces;
}
