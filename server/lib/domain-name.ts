import { domainToASCII } from "node:url";
import { MAX_DOMAIN_NAME_LENGTH } from "../../shared/api/domains";
import { requireOnce } from "./load-once";

export type DomainNameCheck = { ok: true; name: string } | { ok: false; reason: string };

/** tldts (the public suffix list), loaded with the first name parsed: about 30 ms of every start otherwise. */
export const tldts = requireOnce<typeof import("tldts")>("tldts");

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Turns what an owner typed or pasted ("https://WWW.Bücher.de/", "example.com.") into the
 * name a domain row stores, the same one `normalizeHost` gives for a request on it:
 * lowercase ASCII (punycode), no scheme, path, port, trailing dot or `www.`. The result must
 * be a registrable domain under a public suffix, because that is what nameservers are set on.
 * The list's private entries count as suffixes too (`github.io`, `blogspot.com`): a hosting
 * service's shared name holds thousands of its customers' sites, and no one account owns it.
 */
export function normalizeDomainName(input: string): DomainNameCheck {
  const written = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/:\d+$/, "")
    .replace(/\.$/, "")
    .replace(/^www\./, "");
  if (!written) return { ok: false, reason: "Domain name is required." };
  if (written.length > MAX_DOMAIN_NAME_LENGTH) return { ok: false, reason: "Domain name is too long" };

  const name = domainToASCII(written);
  const labels = name.split(".");
  if (!name || name.length > MAX_DOMAIN_NAME_LENGTH || !labels.every((l) => LABEL.test(l))) {
    return { ok: false, reason: `“${written}” is not a valid domain name` };
  }
  const parsed = tldts().parse(name, { allowPrivateDomains: true });
  if (parsed.isIp || labels.length < 2) return { ok: false, reason: `“${written}” is not a domain name` };
  if (!parsed.isIcann && !parsed.isPrivate) {
    return { ok: false, reason: `.${labels.at(-1)} is not a known top-level domain` };
  }
  if (!parsed.domain) return { ok: false, reason: `${name} is a public suffix, not a registrable domain` };
  if (parsed.domain !== name) {
    return { ok: false, reason: `Enter the registrable domain (${parsed.domain}), not a subdomain` };
  }
  return { ok: true, name };
}
