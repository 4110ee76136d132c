import { and, eq, gt, sql } from "drizzle-orm";
import type { TLeadAnswer, TLeadBody } from "../../../shared/api/leads/leads";
import { LEAD_CONSENT } from "../../../shared/lead-consent";
import { leads } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { RateLimit } from "../../http/rate-limit";
import { normalizeHost } from "../../lib/hostname";
import { findVerifiedDomain, type ServedDomain } from "../domains/verified-host";
import type { LeadSales } from "../lead-sales/lead-sales";
import { queueSale } from "../lead-sales/queue-sale";
import { takeCapPlace } from "./domain-lead-cap";
import { leadEmailKey } from "./email-key";
import { type LeadVisitor, ownerTraceReason } from "./owner-traces";

/** The same person (canonical address, whatever the ZIP) within this window is one lead, platform-wide. */
export const LEAD_DEDUPE_DAYS = 30;

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

/** What the visitor agreed to, as the lead stores it and the post to its buyer carries it. */
export type ConsentRecord = NonNullable<(typeof leads.$inferSelect)["consent"]>;

/**
 * Stores a lead with its consent record and, when it arrived on a verified parked domain, puts it
 * up for sale (docs/money.md#lead-sales): after the commit it is pinged to the buyers and posted
 * to the best bid, and the owner is credited its share of the sale as held funds. The body's
 * `value` is never what is credited. A lead on any other host is stored (a person asked for
 * quotes), sold to nobody and credits nobody. The same person (canonical address) within 30 days
 * is answered as success but stored and sold once. A lead that looks sent by the owner, or past the
 * domain's daily cap, is stored flagged with the reason and not sold. Limits per client address
 * and per domain come first. Answered as soon as the lead is committed: the sale (buyers pinged,
 * the owner credited and notified) follows from the job queue (`queueSale`), and one cut short by
 * a crash is resumed by the resume job.
 */
export async function captureLead(options: {
  db: Db;
  input: TLeadBody;
  host: string;
  visitor: LeadVisitor;
  consent: Omit<ConsentRecord, "version" | "text" | "at">;
  limits: LeadLimits;
  sales: LeadSales;
  /** Credited leads a day for a domain verified 30 days or more (younger ones take less). */
  domainDailyCap: number;
  quotesBaseUrl: string;
}): Promise<TLeadAnswer> {
  const { db, input, limits, sales } = options;
  await limits.perAddress.spend(options.visitor.address);
  // The ZIP database (a few MB) loads with the first lead, not with every start of the app.
  const { default: zipcodes } = await import("zipcodes");
  const place = zipcodes.lookup(input.zipCode);
  if (place?.country !== "US") {
    throw new AppError("UNPROCESSABLE", "We couldn't find that ZIP code. Please check it and try again.");
  }
  const host = normalizeHost(options.host);
  const domain = await findVerifiedDomain(db, host);
  if (domain) await limits.perDomain.spend(domain.id);
  const emailKey = leadEmailKey(input.email);
  const consent: ConsentRecord = {
    version: LEAD_CONSENT.version,
    text: LEAD_CONSENT.text,
    at: new Date().toISOString(),
    ...options.consent,
  };

  const stored = await db.transaction(async (tx) => {
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
    if (existing) return { id: existing.id, forSale: false };
    const flagReason = domain ? await flagOf(tx, domain, options) : null;
    const forSale = domain !== null && flagReason === null;

    const [lead] = await tx
      .insert(leads)
      .values({
        email: input.email,
        emailKey,
        zipCode: input.zipCode,
        city: place.city,
        state: place.state,
        source: input.source,
        value: "0.00",
        host,
        domainId: domain?.id ?? null,
        flagReason,
        consent,
        saleStatus: forSale ? "pending" : "none",
      })
      .returning({ id: leads.id });
    return { id: lead.id, forSale };
  });
  // The visitor waits for the stored lead only: the sale, its credit and notifications follow.
  if (stored.forSale) queueSale(sales, stored.id);
  return { id: stored.id, quotesUrl: quotesUrlFor(options.quotesBaseUrl, host) };
}

/**
 * Why a lead on a verified domain credits nothing, or null when it takes a place under the
 * domain's daily cap (counted in the day's traffic, `takeCapPlace`). The owner's own traces are
 * read first: they say nothing of other leads, so they are read before the place is taken, whose
 * row every other lead of the domain waits for until this transaction ends.
 */
async function flagOf(
  tx: Tx,
  domain: ServedDomain,
  options: { visitor: LeadVisitor; domainDailyCap: number },
): Promise<string | null> {
  const traced = await ownerTraceReason(tx, { ownerId: domain.userId, visitor: options.visitor });
  if (traced) return traced;
  return takeCapPlace(tx, { domainId: domain.id, userId: domain.userId, fullCap: options.domainDailyCap });
}
