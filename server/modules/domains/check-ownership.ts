import { Resolver } from "node:dns/promises";
import { type NameserverPool, sameHosts } from "../../lib/nameserver-pool";
import { type OwnershipFindings, type OwnershipProof, type ProofRule, proofOf } from "./ownership-proof";

export interface OwnershipChecker {
  /** The NS hosts a name is delegated to: empty when it has none, null when the lookup failed. */
  delegation(name: string): Promise<string[] | null>;
  /**
   * What one lookup proves for a copy of a name under its rule (docs/security.md#domain-ownership),
   * and its rule (decided by this lookup when it was not known yet).
   */
  prove(copy: {
    name: string;
    txtValue: string;
    pair: string[];
    rule: ProofRule | null;
  }): Promise<{ proof: OwnershipProof; rule: ProofRule | null }>;
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
  /** The platform's nameservers, which a name may have named before it was added. */
  pool: NameserverPool;
  /** Per attempt; a check makes two lookups at once and at most two attempts each. */
  timeoutMs?: number;
}): OwnershipChecker {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2_000, tries: 2 });
  if (options.servers) resolver.setServers(options.servers);

  // No record (ENODATA, ENOTFOUND) and a failed lookup (timeout, SERVFAIL) both leave the
  // domain unproven; a lookup error is never the owner's fault, hence the 3 days before a lapse.
  const lookup = <T>(query: () => Promise<T[]>): Promise<T[]> => query().catch(() => []);
  // For NS, "the name has none" and "we could not tell" differ: only the first says it was not
  // delegated to the platform before it was added.
  const NONE = new Set(["ENODATA", "ENOTFOUND"]);
  const nsOf = (name: string): Promise<string[] | null> =>
    resolver.resolveNs(name).catch((error: { code?: string }) => (NONE.has(error.code ?? "") ? [] : null));

  const find = async (name: string, txtValue: string, withNs: boolean): Promise<OwnershipFindings> => {
    const [txt, ns] = await Promise.all([lookup(() => resolver.resolveTxt(name)), withNs ? nsOf(name) : []]);
    // A long TXT value may arrive split into several strings; they form one value.
    return { txt: txt.some((chunks) => chunks.join("").trim() === txtValue), ns };
  };

  return {
    delegation: nsOf,
    async prove(copy) {
      return proofOf(await find(copy.name, copy.txtValue, true), copy, options.pool);
    },
    async check({ name, txtValue, nameservers }) {
      const found = await find(name, txtValue, nameservers.length > 0);
      if (found.txt) return "txt";
      if (nameservers.length > 0 && sameHosts(found.ns ?? [], nameservers)) return "ns";
      return null;
    },
  };
}
