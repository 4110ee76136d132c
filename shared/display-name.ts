/**
 * Control characters and the bidirectional embeddings, overrides, isolates and marks: a name
 * holding them can reverse the text around it in an email or on a page ("moc.elpmaxe").
 */
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A character that draws something: not white space, not a format or other invisible character
 * (zero-width spaces and joiners, soft hyphens, the Hangul fillers, variation selectors), not a
 * combining mark on its own, not unassigned or private use, and not the blank Braille pattern.
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{C}\p{Z}\p{M}\u2800]/u;

/** A user-supplied display name with every control and bidirectional-override character removed. */
export function cleanDisplayName(name: string): string {
  return name.replace(UNSAFE, "").trim();
}

/** Whether a name shows at least one visible character: "\u200b" alone would read as no name at all. */
export function hasVisibleCharacter(name: string): boolean {
  return VISIBLE.test(name);
}
