import { and, eq, gt, sql } from "drizzle-orm";
import zipcodes from "zipcodes";
import type { TLeadAnswer, TLeadBody } from "../../../shared/api/leads";
import { formatUsd } from "../../../shared/money";
import { domainTraffic, leads } from "../../../shared/schema";
import { UTC_TODAY } from "../../db/iso-time";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { RateLimit } from "../../http/rate-limit";
import { normalizeHost } from "../../lib/hostname";
import type { Mailer } from "../../mail/mailer";
import { findVerifiedDomain, type ServedDomain } from "../domains/verified-host";
import { creditHeldFunds } from "../ledger/held-funds";
import { notify } from "../notifications/notify";
import { overCapReason } from "./domain-lead-cap";
import { leadEmailKey } from "./email-key";
import { type LeadVisitor, ownerTraceReason } from "./owner-traces";

/** The same person (canonical address, whatever the ZIP) within this window is one lead, platform-wide. */
export const LEAD_DEDUPE_DAYS = 30;

export const leadSourceKey = (leadId: string) => `lead:${leadId}`;

export function quotesUrlFor(base: string, host: string): string {
  const url = new URL(base);
  url.searchParams.set("utm_source", host || "parkpilot");
  url.searchParams.set("utm_medium", "landing-page");
  url.searchParams.set("utm_campaign", "car-insurance-landing");
  return url.toString();
}

export interface LeadLimits {
  perAddress: RateLimit;
  perDomain: RateLimit;
}

/**
 * Stores a lead and, when it arrived on a verified parked domain, credits the domain's owner the
 * configured lead value as held funds (pending for the returns window). The body's `value` is
 * never what is credited. A lead on any other host is stored (a person asked for quotes) and
 * credits nobody. The same person (canonical address) within 30 days is answered as success but
 * stored and credited once. A lead that looks sent by the owner, or past the domain's daily cap,
 * is stored flagged with the reason and credits nothing. Limits per client address and per
 * domain come first. Answered only after the commit.
 */
export async function captureLead(options: {
  db: Db;
  mailer: Mailer;
  input: TLeadBody;
  host: string;
  visitor: LeadVisitor;
  limits: LeadLimits;
  leadValue: string;
  holdDays: number;
  /** Credited leads a day for a domain verified 30 days or more (younger ones take less). */
  domainDailyCap: number;
  quotesBaseUrl: string;
}): Promise<TLeadAnswer> {
  const { db, input, limits } = options;
  await limits.perAddress.spend(options.visitor.address);
  const place = zipcodes.lookup(input.zipCode);
  if (place?.country !== "US") {
    throw new AppError("UNPROCESSABLE", "We couldn't find that ZIP code. Please check it and try again.");
  }
  const host = normalizeHost(options.host);
  const domain = await findVerifiedDomain(db, host);
  if (domain) await limits.perDomain.spend(domain.id);
  const emailKey = leadEmailKey(input.email);

  const id = await db.transaction(async (tx) => {
    // Serialises concurrent submissions of the same person so the dedupe check cannot race.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${emailKey}`}))`);
    const [existing] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(
          eq(leads.emailKey, emailKey),
          gt(leads.createdAt, sql`now() - make_interval(days => ${LEAD_DEDUPE_DAYS})`),
        ),
      )
      .limit(1);
    if (existing) return existing.id;
    const flagReason = domain ? await flagOf(tx, domain, options) : null;
    const credited = domain !== null && flagReason === null;

    const [lead] = await tx
      .insert(leads)
      .values({
        email: input.email,
        emailKey,
        zipCode: input.zipCode,
        city: place.city,
        state: place.state,
        source: input.source,
        value: credited ? options.leadValue : "0.00",
        host,
        domainId: domain?.id ?? null,
        flagReason,
      })
      .returning({ id: leads.id });
    if (domain && credited) {
      await tx
        .insert(domainTraffic)
        .values({ domainId: domain.id, userId: domain.userId, day: UTC_TODAY, leads: 1 })
        .onConflictDoUpdate({
          target: [domainTraffic.domainId, domainTraffic.day],
          set: { leads: sql`${domainTraffic.leads} + 1` },
        });
      const creditText = `${formatUsd(options.leadValue)} is credited to your balance`;
      const held = options.holdDays > 0 ? ` and becomes available in ${options.holdDays} days` : "";
      const body = `Someone near ${place.city}, ${place.state} asked for insurance quotes on ${domain.name}. ${creditText}${held}.`;
      await notify(
        tx,
        {
          userId: domain.userId,
          kind: "lead_captured",
          title: `New lead on ${domain.name}`,
          href: "/dashboard",
          body,
        },
        { mailer: options.mailer, subject: `New lead on ${domain.name}`, body },
      );
      // Last: the credit locks the owner's balance row, which every lead of theirs waits for.
      await creditHeldFunds(tx, {
        userId: domain.userId,
        domainId: domain.id,
        kind: "lead",
        revenueType: "lead",
        amount: options.leadValue,
        holdDays: options.holdDays,
        description: `Insurance lead on ${domain.name}`,
        metadata: { leadId: lead.id, zipCode: input.zipCode },
        sourceKey: leadSourceKey(lead.id),
      });
    }
    return lead.id;
  });
  return { id, quotesUrl: quotesUrlFor(options.quotesBaseUrl, host) };
}

/**
 * Why a lead on a verified domain credits nothing: the owner's own traces first, then the
 * domain's daily cap, read under the domain's lock so concurrent leads count one by one.
 */
async function flagOf(
  tx: Tx,
  domain: ServedDomain,
  options: { visitor: LeadVisitor; domainDailyCap: number },
): Promise<string | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-domain:${domain.id}`}))`);
  return (
    (await ownerTraceReason(tx, { ownerId: domain.userId, visitor: options.visitor })) ??
    (await overCapReason(tx, { domainId: domain.id, fullCap: options.domainDailyCap }))
  );
}
