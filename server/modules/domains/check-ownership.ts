import { Resolver } from "node:dns/promises";
import { sameHosts } from "../../lib/nameserver-pool";

/** How a check proved ownership, or null when it found neither proof. */
export type OwnershipProof = "txt" | "ns" | null;

export interface OwnershipChecker {
  /**
   * `txtValue` is the record that proves it, `parkpilot-verify=<token>`; `nameservers` is the
   * pair assigned to this copy of the name (empty: nameservers prove nothing for it).
   */
  check(domain: { name: string; txtValue: string; nameservers: string[] }): Promise<OwnershipProof>;
}

/**
 * Looks a domain's ownership proofs up with node's resolver on `servers` (the system's when
 * not given): the TXT record `parkpilot-verify=<token>` at the name itself, or NS records that
 * name exactly the pair assigned to this copy, no host more or less. Both are the account's
 * own: another account's copy of the name has another token and another pair.
 */
export function createOwnershipChecker(options: {
  servers?: string[];
  /** Per attempt; a check makes two lookups at once and at most two attempts each. */
  timeoutMs?: number;
}): OwnershipChecker {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2_000, tries: 2 });
  if (options.servers) resolver.setServers(options.servers);

  // No record (ENODATA, ENOTFOUND) and a failed lookup (timeout, SERVFAIL) both leave the
  // domain unproven; a lookup error is never the owner's fault, hence the 3 days before a lapse.
  const lookup = <T>(query: () => Promise<T[]>): Promise<T[]> => query().catch(() => []);

  return {
    async check({ name, txtValue, nameservers }) {
      const [txt, ns] = await Promise.all([
        lookup(() => resolver.resolveTxt(name)),
        nameservers.length > 0 ? lookup(() => resolver.resolveNs(name)) : [],
      ]);
      // A long TXT value may arrive split into several strings; they form one value.
      if (txt.some((chunks) => chunks.join("").trim() === txtValue)) return "txt";
      if (nameservers.length > 0 && sameHosts(ns, nameservers)) return "ns";
      return null;
    },
  };
}
