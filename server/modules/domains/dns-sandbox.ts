import { and, eq } from "drizzle-orm";
import type { TSandboxDns, TSandboxDnsBody } from "../../../shared/api/domains";
import { domains, sandboxDnsRecords } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import { bareHost, type NameserverPool, sameHosts } from "../../lib/nameserver-pool";
import type { OwnershipChecker } from "./check-ownership";
import { type OwnershipFindings, proofOf } from "./ownership-proof";

const SANDBOX_OFF =
  "The DNS sandbox runs only in development (npm run dev); publish the record at your DNS provider.";

/** What the sandbox holds for a name, from every account that published for it; null when none did. */
async function sandboxFindings(db: Db, name: string, txtValue: string): Promise<OwnershipFindings | null> {
  const rows = await db
    .select({ txt: sandboxDnsRecords.txt, ns: sandboxDnsRecords.ns })
    .from(sandboxDnsRecords)
    .where(eq(sandboxDnsRecords.name, name));
  if (rows.length === 0) return null;
  return {
    txt: rows.some((r) => r.txt === txtValue),
    ns: [...new Set(rows.flatMap((r) => r.ns))],
  };
}

/**
 * The ownership check of development (the DNS sandbox, like the payments sandbox): a name with
 * records published in the app is answered from them, as a DNS server would answer its zone; any
 * other name goes on to `real` (DNS_SERVERS or the system's resolver). Never built in production.
 */
export function sandboxOwnershipChecker(
  db: Db,
  real: OwnershipChecker,
  pool: NameserverPool,
): OwnershipChecker {
  return {
    async delegation(name) {
      const found = await sandboxFindings(db, name, "");
      return found ? found.ns : real.delegation(name);
    },
    async prove(copy) {
      const found = await sandboxFindings(db, copy.name, copy.txtValue);
      return found ? proofOf(found, copy, pool) : real.prove(copy);
    },
    async check(domain) {
      const found = await sandboxFindings(db, domain.name, domain.txtValue);
      if (!found) return real.check(domain);
      if (found.txt) return "txt";
      return domain.nameservers.length > 0 && sameHosts(found.ns ?? [], domain.nameservers) ? "ns" : null;
    },
  };
}

async function ownDomainName(db: Db, userId: string, domainId: string): Promise<string> {
  const [domain] = await db
    .select({ name: domains.name })
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
  if (!domain) throw notFound("Domain");
  return domain.name;
}

/** The records the user published in the sandbox for their domain (`enabled: false` outside development). */
export async function readSandboxDns(options: {
  db: Db;
  enabled: boolean;
  userId: string;
  domainId: string;
}): Promise<TSandboxDns> {
  const { db, userId, domainId } = options;
  const name = await ownDomainName(db, userId, domainId);
  if (!options.enabled) return { enabled: false, txt: null, ns: [] };
  const [row] = await db
    .select({ txt: sandboxDnsRecords.txt, ns: sandboxDnsRecords.ns })
    .from(sandboxDnsRecords)
    .where(and(eq(sandboxDnsRecords.userId, userId), eq(sandboxDnsRecords.name, name)));
  return { enabled: true, txt: row?.txt ?? null, ns: row?.ns ?? [] };
}

/** Publishes (or, with no TXT and no nameservers, removes) the user's sandbox records for their domain. */
export async function publishSandboxDns(options: {
  db: Db;
  enabled: boolean;
  userId: string;
  domainId: string;
  records: TSandboxDnsBody;
}): Promise<TSandboxDns> {
  const { db, userId, domainId, records } = options;
  if (!options.enabled) throw new AppError("NOT_FOUND", SANDBOX_OFF);
  const name = await ownDomainName(db, userId, domainId);
  const ns = [...new Set(records.ns.map(bareHost))];
  if (records.txt === null && ns.length === 0) {
    await db
      .delete(sandboxDnsRecords)
      .where(and(eq(sandboxDnsRecords.userId, userId), eq(sandboxDnsRecords.name, name)));
    return { enabled: true, txt: null, ns: [] };
  }
  await db
    .insert(sandboxDnsRecords)
    .values({ userId, name, txt: records.txt, ns })
    .onConflictDoUpdate({
      target: [sandboxDnsRecords.userId, sandboxDnsRecords.name],
      set: { txt: records.txt, ns, updatedAt: new Date() },
    });
  return { enabled: true, txt: records.txt, ns };
}
