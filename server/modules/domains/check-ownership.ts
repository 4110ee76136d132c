import { Resolver } from "node:dns/promises";

/** How a check proved ownership, or null when it found neither proof. */
export type OwnershipProof = "txt" | "ns" | null;

export interface OwnershipChecker {
  /** `txtValue` is the record that proves it, `parkpilot-verify=<token>`. */
  check(domain: { name: string; txtValue: string }): Promise<OwnershipProof>;
}

const bare = (host: string) => host.toLowerCase().replace(/\.$/, "");

/**
 * Looks a domain's ownership proofs up with node's resolver on `servers` (the system's when
 * not given): the TXT record `parkpilot-verify=<token>` at the name itself, or NS records that
 * are all among the platform's nameservers.
 */
export function createOwnershipChecker(options: {
  servers?: string[];
  parkingNameservers: string[];
  /** Per attempt; a check makes two lookups at once and at most two attempts each. */
  timeoutMs?: number;
}): OwnershipChecker {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2_000, tries: 2 });
  if (options.servers) resolver.setServers(options.servers);
  const parking = new Set(options.parkingNameservers.map(bare));

  // No record (ENODATA, ENOTFOUND) and a failed lookup (timeout, SERVFAIL) both leave the
  // domain unproven; a lookup error is never the owner's fault, hence the 3 days before a lapse.
  const lookup = <T>(query: () => Promise<T[]>): Promise<T[]> => query().catch(() => []);

  return {
    async check({ name, txtValue }) {
      const [txt, ns] = await Promise.all([
        lookup(() => resolver.resolveTxt(name)),
        lookup(() => resolver.resolveNs(name)),
      ]);
      // A long TXT value may arrive split into several strings; they form one value.
      if (txt.some((chunks) => chunks.join("").trim() === txtValue)) return "txt";
      if (ns.length > 0 && ns.every((host) => parking.has(bare(host)))) return "ns";
      return null;
    },
  };
}
