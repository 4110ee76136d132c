/** Mailboxes that ignore dots in the name and answer under both names (Gmail). */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The canonical address two submissions of one person share, so that one person is one lead
 * (docs/money.md#where-each-kind-of-revenue-comes-from): case does not matter, nor plus-addressing ("jo+cars@x.com" is "jo@x.com"); at
 * Gmail dots do not matter either ("j.o@gmail.com" is "jo@gmail.com") and `googlemail.com` is
 * `gmail.com`. The lead-dedupe migrations compute the same key in SQL for leads stored before.
 */
export function leadEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let local = lower.slice(0, at).replace(/\+.*$/, "");
  let domain = lower.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  // A name that is all tag or all dots keeps what it had: some key is better than an empty one.
  return `${local || lower.slice(0, at)}@${domain}`;
}
