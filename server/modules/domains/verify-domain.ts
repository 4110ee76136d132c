import { sql } from "drizzle-orm";
import type { TDomain } from "../../../shared/api/domains";
import type { Db } from "../../db/pool";
import type { Mailer } from "../../mail/mailer";
import type { OwnershipChecker } from "./check-ownership";
import { findDomain } from "./domains.service";
import type { ProofRule } from "./ownership-proof";
import { recordOwnershipCheck, storeRules } from "./record-ownership-check";

/**
 * "Verify now": looks the owner's domain up at once and records the result as the job would
 * (verifying it, releasing the name elsewhere, or starting a verified domain's failing run);
 * answers the domain as it now is, its `verification` telling the outcome.
 */
export async function verifyDomainNow(options: {
  db: Db;
  mailer: Mailer;
  checker: OwnershipChecker;
  appUrl: string;
  userId: string;
  domainId: string;
  now?: Date;
}): Promise<TDomain> {
  const { db } = options;
  const domain = await findDomain(db, options);
  const {
    rows: [stored],
  } = await db.execute<{ rule: ProofRule | null }>(
    sql`select verification_rule as rule from domains where id = ${domain.id}`,
  );
  const known = stored?.rule ?? null;
  const { proof, rule } = await options.checker.prove({
    name: domain.name,
    txtValue: domain.verification.txtRecord.value,
    pair: domain.verification.nameservers,
    rule: known,
  });
  if (known === null && rule !== null) await storeRules(db, [{ id: domain.id, rule }]);
  await recordOwnershipCheck({ ...options, now: options.now ?? new Date() }, domain.id, proof);
  return findDomain(db, options);
}
