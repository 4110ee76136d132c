import { sql } from "drizzle-orm";
import { accountEvents } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";
import type { OwnershipProof } from "./ownership-proof";

/** A verified domain whose checks fail this long in a row returns to `pending`. */
export const LAPSE_AFTER_DAYS = 3;

/** What a check changed: the domain became or stayed verified, stayed pending, or lapsed. */
export type CheckOutcome = "verified" | "pending" | "failing" | "lapsed" | "taken" | "gone";

interface LockedDomain extends Record<string, unknown> {
  id: string;
  user_id: string;
  name: string;
  verified: boolean;
  failing_since: string | null;
  email: string;
  owner_name: string;
}

export interface CheckContext {
  db: Db;
  mailer: Mailer;
  /** Where the emails send the owner: the app's public origin. */
  appUrl: string;
  now: Date;
}

/**
 * Serialises what depends on who holds a name verified: adding it, and verifying it (which
 * releases the unverified copies), for the rest of the transaction.
 */
export async function lockName(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('domain-name:' || ${name}, 0))`);
}

/** Stores the rules first lookups decided for copies added while nothing answered for their NS. */
export async function storeRules(db: Db, decided: { id: string; rule: string }[]): Promise<void> {
  if (decided.length === 0) return;
  await db.execute(sql`
    update domains d set verification_rule = x.rule
    from jsonb_to_recordset(${JSON.stringify(decided)}::jsonb) as x(id uuid, rule text)
    where d.id = x.id and d.verification_rule is null
  `);
}

/** The status a verification gives: pointing the nameservers at the platform parks the domain. */
const statusFor = (proof: Exclude<OwnershipProof, null>) => (proof === "ns" ? "parked" : "active");

/**
 * Applies one check's result to a domain in one transaction, with the row locked so the job and
 * "Verify now" cannot interleave. Proof verifies a pending domain (unless another account holds
 * the name verified) and releases the name from every account that holds it unverified; no
 * proof starts or continues a verified domain's failing run, and lapses it after 3 days.
 */
export async function recordOwnershipCheck(
  ctx: CheckContext,
  domainId: string,
  proof: OwnershipProof,
): Promise<CheckOutcome> {
  const now = ctx.now.toISOString();
  return ctx.db.transaction(async (tx) => {
    // The name's lock comes before the row's: verifying one copy deletes the other copies, so
    // two copies checked at once must not each hold their row while waiting for the other.
    const {
      rows: [named],
    } = await tx.execute<{ name: string }>(sql`select name from domains where id = ${domainId}`);
    if (!named) return "gone";
    await lockName(tx, named.name);
    const {
      rows: [domain],
    } = await tx.execute<LockedDomain>(sql`
      select d.id, d.user_id, d.name, d.verified_at is not null as verified,
        d.verification_failing_since::text as failing_since, u.email, u.name as owner_name
      from domains d join users u on u.id = d.user_id
      where d.id = ${domainId}
      for update of d
    `);
    if (!domain) return "gone";
    if (proof && domain.verified) {
      await tx.execute(sql`
        update domains set verification_checked_at = ${now}, verification_failing_since = null,
          verified_by = ${proof}
        where id = ${domainId}
      `);
      return "verified";
    }
    if (proof) return verify(ctx, tx, domain, proof);
    if (!domain.verified) {
      await tx.execute(sql`update domains set verification_checked_at = ${now} where id = ${domainId}`);
      return "pending";
    }
    const failingSince = domain.failing_since ? new Date(domain.failing_since) : ctx.now;
    if (ctx.now.getTime() - failingSince.getTime() < LAPSE_AFTER_DAYS * 86_400_000) {
      await tx.execute(sql`
        update domains set verification_checked_at = ${now},
          verification_failing_since = coalesce(verification_failing_since, ${now})
        where id = ${domainId}
      `);
      return "failing";
    }
    return lapse(ctx, tx, domain);
  });
}

async function verify(
  ctx: CheckContext,
  tx: Tx,
  domain: LockedDomain,
  proof: Exclude<OwnershipProof, null>,
): Promise<CheckOutcome> {
  const now = ctx.now.toISOString();
  // Each copy has its own token and nameserver pair, so only the name's owner can prove two copies
  // at once (publishing both accounts' records); they took turns at the name's lock, the first
  // keeps it, and the unique index on verified names backs this up.
  const { rows: holders } = await tx.execute(sql`
    select 1 from domains where name = ${domain.name} and verified_at is not null and id <> ${domain.id}
  `);
  if (holders.length > 0) {
    await tx.execute(sql`update domains set verification_checked_at = ${now} where id = ${domain.id}`);
    return "taken";
  }
  await tx.execute(sql`
    update domains set verified_at = ${now}, verified_by = ${proof}, status = ${statusFor(proof)},
      verification_checked_at = ${now}, verification_failing_since = null
    where id = ${domain.id}
  `);
  await tx
    .insert(accountEvents)
    .values({ userId: domain.user_id, kind: "domain_verified", description: `Verified ${domain.name}` });
  await releaseName(ctx, tx, domain.name, domain.id);
  return "verified";
}

/**
 * Removes the name from every other account that holds it unverified: they could never prove
 * it now, and a pending copy would only mislead them. As with a deletion, what it earned stays
 * in their history; each is told why it went.
 */
async function releaseName(ctx: CheckContext, tx: Tx, name: string, keptId: string): Promise<void> {
  const { rows: released } = await tx.execute<{ user_id: string; email: string; owner_name: string }>(sql`
    with gone as (
      delete from domains where name = ${name} and id <> ${keptId} and verified_at is null
      returning user_id
    )
    select gone.user_id, u.email, u.name as owner_name from gone join users u on u.id = gone.user_id
  `);
  for (const holder of released) {
    await tx.insert(accountEvents).values({
      userId: holder.user_id,
      kind: "domain_removed",
      description: `Released ${name}: another account proved it owns the name`,
    });
    await ctx.mailer.send(tx, {
      to: holder.email,
      subject: `${name} was removed from your portfolio`,
      body: [
        `Hi ${holder.owner_name},`,
        "",
        `Another ParkPilot account has proved that it owns ${name} (its DNS carries that account's verification record), so the name has been removed from your portfolio, where it was still waiting for verification.`,
        "",
        `If you do own ${name}, publish your own verification record and add it again: ${ctx.appUrl}/domains`,
      ].join("\n"),
    });
  }
}

async function lapse(ctx: CheckContext, tx: Tx, domain: LockedDomain): Promise<CheckOutcome> {
  const now = ctx.now.toISOString();
  await tx.execute(sql`
    update domains set verified_at = null, verified_by = null, status = 'pending',
      verification_checked_at = ${now}, verification_failing_since = null
    where id = ${domain.id}
  `);
  await ctx.mailer.send(tx, {
    to: domain.email,
    subject: `${domain.name} is no longer verified`,
    body: [
      `Hi ${domain.owner_name},`,
      "",
      `For ${LAPSE_AFTER_DAYS} days in a row we could not find the verification record of ${domain.name}, nor its nameservers naming the pair ParkPilot gave you for it. It is pending again: until it is verified, it does not serve the parked page, count visits, earn leads or show on the marketplace.`,
      "",
      `Restore the TXT record or the nameservers shown on the domain, then press Verify now: ${ctx.appUrl}/domains`,
    ].join("\n"),
  });
  return "lapsed";
}
