/** A ZIP field's value as typed or pasted, reduced to its digits, at most five of them. */
export function normalizeZip(value: string): string {
  return value.replace(/\D/g, "").slice(0, 5);
}
