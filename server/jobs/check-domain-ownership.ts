import { sql } from "drizzle-orm";
import { verificationTxtValue } from "../../shared/api/domains";
import type { OwnershipChecker } from "../modules/domains/check-ownership";
import type { OwnershipProof, ProofRule } from "../modules/domains/ownership-proof";
import {
  type CheckContext,
  type CheckOutcome,
  recordOwnershipCheck,
  storeRules,
} from "../modules/domains/record-ownership-check";

/** Pending domains are checked this often, for this long after they were added (docs/security.md#domain-ownership). */
export const PENDING_CHECK_MINUTES = 5;
export const PENDING_CHECK_HOURS = 72;
/** Verified domains are checked about daily (a little less, so a daily run never skips one). */
export const VERIFIED_CHECK_HOURS = 23;
/** Lookups in flight at once: DNS waits, it does not compute. */
const CONCURRENCY = 64;
/** Verifications and lapses written at once, each a short transaction. */
const CHANGE_CONCURRENCY = 4;

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

interface DueDomain extends Record<string, unknown> {
  id: string;
  name: string;
  token: string;
  nameservers: string[] | null;
  rule: ProofRule | null;
  verified: boolean;
}

export type OwnershipRunResult = Record<CheckOutcome, number> & { checked: number };

/**
 * One run of the ownership job: looks up every domain that is due (pending ones added within the
 * last 72 hours and not checked in the last few minutes, pending ones waiting for another
 * account's verified copy to lapse, checked as often once it has; verified ones not checked for a
 * day) and
 * records what it found. A result that changes nothing but the check time (still pending, still
 * verified) is written in one statement per kind; a change of state goes through
 * `recordOwnershipCheck`, one transaction per domain, with its releases and emails.
 */
export async function checkDomainOwnership(
  options: Omit<CheckContext, "now"> & { checker: OwnershipChecker; now?: Date },
): Promise<OwnershipRunResult> {
  const { db, checker } = options;
  const ctx: CheckContext = { ...options, now: options.now ?? new Date() };
  const now = ctx.now.toISOString();
  const { rows: due } = await db.execute<DueDomain>(sql`
    select d.id, d.name, d.verification_token as token, d.verification_nameservers as nameservers,
      d.verification_rule as rule, d.verified_at is not null as verified
    from domains d
    where (d.verified_at is null
        and (d.created_at > ${now}::timestamptz - ${`${PENDING_CHECK_HOURS} hours`}::interval
          or (d.verification_rule = 'both' and not exists (
            select 1 from domains v where v.name = d.name and v.verified_at is not null)))
        and (d.verification_checked_at is null
          or d.verification_checked_at <= ${now}::timestamptz - ${`${PENDING_CHECK_MINUTES - 1} minutes`}::interval))
      or (d.verified_at is not null and (d.verification_checked_at is null
          or d.verification_checked_at <= ${now}::timestamptz - ${`${VERIFIED_CHECK_HOURS} hours`}::interval))
    order by d.verification_checked_at nulls first
  `);

  const result: OwnershipRunResult = {
    checked: 0,
    verified: 0,
    pending: 0,
    failing: 0,
    lapsed: 0,
    taken: 0,
    gone: 0,
  };
  const unchanged = { pending: [] as string[], txt: [] as string[], ns: [] as string[] };
  const changes: { id: string; proof: OwnershipProof }[] = [];
  const decided: { id: string; rule: ProofRule }[] = [];
  await inParallel(due, CONCURRENCY, async (domain) => {
    const { proof, rule } = await checker.prove({
      name: domain.name,
      txtValue: verificationTxtValue(domain.token),
      pair: domain.nameservers ?? [],
      rule: domain.rule,
    });
    if (domain.rule === null && rule !== null) decided.push({ id: domain.id, rule });
    if (!proof && !domain.verified) unchanged.pending.push(domain.id);
    else if (proof && domain.verified) unchanged[proof].push(domain.id);
    else changes.push({ id: domain.id, proof });
  });

  await storeRules(db, decided);
  // A domain that changed state meanwhile (Verify now, a deletion) is only stamped here, never
  // flipped: the next run sees it as it now is.
  await db.execute(sql`
    update domains set verification_checked_at = ${now}
    where id = any(${sql.param(unchanged.pending)}::uuid[]) and verified_at is null
  `);
  for (const proof of ["txt", "ns"] as const) {
    await db.execute(sql`
      update domains set verification_checked_at = ${now}, verification_failing_since = null, verified_by = ${proof}
      where id = any(${sql.param(unchanged[proof])}::uuid[]) and verified_at is not null
    `);
  }
  result.pending += unchanged.pending.length;
  result.verified += unchanged.txt.length + unchanged.ns.length;
  // Each change is its own transaction on its own name; a few at once keep the pool busy.
  await inParallel(changes, CHANGE_CONCURRENCY, async (change) => {
    result[await recordOwnershipCheck(ctx, change.id, change.proof)] += 1;
  });
  result.checked = due.length;
  return result;
}
