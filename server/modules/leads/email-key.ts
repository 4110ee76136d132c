/**
 * The key two submissions of one person share (DESIGN §12): case does not matter, and neither does
 * plus-addressing ("jo+cars@x.com" is "jo@x.com"). The migration `held_funds` computes the same
 * key in SQL for leads stored before it.
 */
export function leadEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  const local = lower.slice(0, at).replace(/\+.*$/, "");
  return `${local || lower.slice(0, at)}${lower.slice(at)}`;
}
