import { and, eq, isNotNull } from "drizzle-orm";
import { domains } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { normalizeHost } from "../../lib/hostname";

export interface ServedDomain {
  id: string;
  userId: string;
  name: string;
}

/**
 * The verified domain a request's host names, if any (docs/security.md#domain-ownership, docs/security.md#trust-at-the-edge): only a domain whose
 * owner proved ownership serves the parked landing page with attribution, counts visits and
 * earns leads. An unverified name, however many accounts hold it, belongs to nobody here.
 */
export async function findVerifiedDomain(
  db: DbOrTx,
  rawHost: string | undefined,
): Promise<ServedDomain | null> {
  const host = normalizeHost(rawHost);
  if (!host) return null;
  const [domain] = await db
    .select({ id: domains.id, userId: domains.userId, name: domains.name })
    .from(domains)
    .where(and(eq(domains.name, host), isNotNull(domains.verifiedAt)))
    .limit(1);
  return domain ?? null;
}
