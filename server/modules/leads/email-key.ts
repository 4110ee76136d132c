import { createRequire } from "node:module";
import type validatorNormalizeEmail from "validator/lib/normalizeEmail";

// The one function of `validator` needed here, not the whole package (about 20 ms of every start).
const normalizeEmail: typeof validatorNormalizeEmail = createRequire(import.meta.url)(
  "validator/lib/normalizeEmail",
).default;

/** Fastmail's own domains, where `anything@user.fastmail.com` is delivered to `user@fastmail.com`. */
const FASTMAIL_DOMAINS = ["fastmail.com", "fastmail.fm"];
/** Proton's domains: one account answers under all four, and ignores dots, hyphens and underscores. */
const PROTON_DOMAINS = new Set(["proton.me", "protonmail.com", "protonmail.ch", "pm.me"]);

/** A Fastmail subdomain address as the plain one it is delivered to. */
function fastmailBox(local: string, domain: string): [string, string] {
  for (const own of FASTMAIL_DOMAINS) {
    const user = domain.endsWith(`.${own}`) ? domain.slice(0, -own.length - 1) : "";
    if (user && !user.includes(".")) return [user, own];
  }
  return [local, domain];
}

/**
 * The canonical address two submissions of one person share, so that one person is one lead
 * (docs/money.md#where-each-kind-of-revenue-comes-from). The big providers' alias rules come from
 * the `validator` package's `normalizeEmail` (Gmail's dots and `googlemail.com`, the `+` tags of
 * Gmail, Outlook and iCloud, Yahoo's `-` tags); Fastmail's subdomain addresses and Proton's
 * domains and punctuation are added here; case and `+` tags are ignored at every domain.
 */
export function leadEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let [local, domain] = fastmailBox(lower.slice(0, at), lower.slice(at + 1));
  if (PROTON_DOMAINS.has(domain)) {
    local = local.replace(/\+.*$/, "").replace(/[._-]/g, "");
    domain = "proton.me";
  }
  const normal = normalizeEmail(`${local}@${domain}`) || `${local}@${domain}`;
  const split = normal.lastIndexOf("@");
  const name = normal.slice(0, split).replace(/\+.*$/, "");
  // A name that is all tag or all dots keeps what it had: some key is better than an empty one.
  return name ? `${name}@${normal.slice(split + 1)}` : lower;
}
