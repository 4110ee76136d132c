import type { TDomain } from "../../../shared/api/domains";
import type { Db } from "../../db/pool";
import type { Mailer } from "../../mail/mailer";
import type { OwnershipChecker } from "./check-ownership";
import { findDomain } from "./domains.service";
import { recordOwnershipCheck } from "./record-ownership-check";

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
  const { db, checker } = options;
  const domain = await findDomain(db, options);
  const { txtRecord, nameservers } = domain.verification;
  const proof = await checker.check({ name: domain.name, txtValue: txtRecord.value, nameservers });
  await recordOwnershipCheck({ ...options, now: options.now ?? new Date() }, domain.id, proof);
  return findDomain(db, options);
}
