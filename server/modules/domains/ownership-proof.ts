import type { TDomainVerification } from "../../../shared/api/domains";
import { type NameserverPool, sameHosts } from "../../lib/nameserver-pool";

/** How a check proved ownership, or null when it found neither proof. */
export type OwnershipProof = "txt" | "ns" | null;

/**
 * What one lookup of a name found: its TXT proof, and the hosts its NS records name (empty when
 * the name has none; null when the lookup failed, so nothing is known of them).
 */
export interface OwnershipFindings {
  txt: boolean;
  ns: string[] | null;
}

/**
 * What proves one copy of a name (docs/security.md#domain-ownership):
 * - `any`: its TXT record, or NS records naming exactly its pair;
 * - `txt`: its TXT record alone: the name's NS records already named the platform's nameservers
 *   when the copy was added, and records published before a copy existed say nothing about who
 *   published them;
 * - `both`: its TXT record and its pair together: another account held the name verified when
 *   this copy was added, so it waits for that account's proof to lapse and must then prove it twice.
 */
export type ProofRule = "any" | "txt" | "both";

/**
 * The rule a new copy gets from the name's NS records as they are when it is added: named the
 * platform's hosts, they prove nothing (TXT it is), unless they name exactly the pair this account
 * was given for the name before (it deleted the name and adds it again). Null when the lookup
 * failed: the first lookup that answers decides, strictly, since by then the owner may have
 * pointed the name at the copy's pair.
 */
export function ruleFromDelegation(
  ns: string[] | null,
  pool: NameserverPool,
  ownEarlierPair: string[] = [],
): ProofRule | null {
  if (ns === null) return null;
  if (ownEarlierPair.length > 0 && sameHosts(ns, ownEarlierPair)) return "any";
  return pool.names(ns) ? "txt" : "any";
}

/**
 * What one lookup proves for a copy with this pair and rule. A copy whose rule is not known yet
 * has it decided by this lookup (`rule` is then what to store).
 */
export function proofOf(
  found: OwnershipFindings,
  copy: { pair: string[]; rule: ProofRule | null },
  pool: NameserverPool,
): { proof: OwnershipProof; rule: ProofRule | null } {
  const rule = copy.rule ?? ruleFromDelegation(found.ns, pool);
  const ns = copy.pair.length > 0 && found.ns !== null && sameHosts(found.ns, copy.pair);
  switch (rule) {
    case "both":
      return { proof: found.txt && ns ? "ns" : null, rule };
    case "any":
      return { proof: found.txt ? "txt" : ns ? "ns" : null, rule };
    default:
      return { proof: found.txt ? "txt" : null, rule };
  }
}

/** The rule as the domain answer says it (a copy not looked up yet is told both ways may prove it). */
export const proofWords = (rule: string | null): TDomainVerification["proof"] =>
  rule === "both" ? "txt-and-nameservers" : rule === "txt" ? "txt" : "txt-or-nameservers";
