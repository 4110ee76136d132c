/**
 * Control characters and the bidirectional embeddings, overrides, isolates and marks: a name
 * holding them can reverse the text around it in an email or on a page ("moc.elpmaxe").
 */
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A user-supplied display name with every control and bidirectional-override character removed. */
export function cleanDisplayName(name: string): string {
  return name.replace(UNSAFE, "").trim();
}
