import { and, eq, gt, inArray, sql } from "drizzle-orm";
import zipcodes from "zipcodes";
import type { TLeadAnswer, TLeadBody } from "../../../shared/api/leads";
import { domains, domainTraffic, leads } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { normalizeHost } from "../../lib/hostname";
import { UTC_TODAY } from "../domains/domain-rows";
import { creditRevenue } from "../ledger/ledger.service";

const DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;

export function quotesUrlFor(base: string, host: string): string {
  const url = new URL(base);
  url.searchParams.set("utm_source", host || "parkpilot");
  url.searchParams.set("utm_medium", "landing-page");
  url.searchParams.set("utm_campaign", "car-insurance-landing");
  return url.toString();
}

/**
 * Stores a lead and, when it arrived on a parked domain, credits the domain's owner its value.
 * The same email and ZIP within 24 hours is answered as success but stored and credited once.
 * The answer is given only after the transaction commits.
 */
export async function captureLead(options: {
  db: Db;
  input: TLeadBody;
  host: string;
  quotesBaseUrl: string;
}): Promise<TLeadAnswer> {
  const { db, input } = options;
  const place = zipcodes.lookup(input.zipCode);
  if (place?.country !== "US") {
    throw new AppError("UNPROCESSABLE", "We couldn't find that ZIP code. Please check it and try again.");
  }
  const host = normalizeHost(options.host);
  const email = input.email.toLowerCase();

  const id = await db.transaction(async (tx) => {
    // Serialises concurrent submissions of the same lead so the dedupe check cannot race.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${email}|${input.zipCode}`}))`);
    const [existing] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(
          eq(sql`lower(${leads.email})`, email),
          eq(leads.zipCode, input.zipCode),
          gt(leads.createdAt, new Date(Date.now() - DEDUPE_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (existing) return existing.id;

    const [domain] = host
      ? await tx
          .select({ id: domains.id, userId: domains.userId, name: domains.name })
          .from(domains)
          .where(and(eq(domains.name, host), inArray(domains.status, ["active", "parked"])))
      : [];
    const [lead] = await tx
      .insert(leads)
      .values({
        email: input.email,
        zipCode: input.zipCode,
        city: place.city,
        state: place.state,
        source: input.source,
        value: input.value.toFixed(2),
        host,
        domainId: domain?.id ?? null,
      })
      .returning({ id: leads.id });
    if (domain) {
      await creditRevenue(tx, [
        {
          userId: domain.userId,
          domainId: domain.id,
          type: "lead",
          amount: input.value.toFixed(2),
          description: `Insurance lead on ${domain.name}`,
          metadata: { leadId: lead.id, zipCode: input.zipCode },
          sourceKey: `lead:${lead.id}`,
        },
      ]);
      await tx
        .insert(domainTraffic)
        .values({ domainId: domain.id, userId: domain.userId, day: UTC_TODAY, leads: 1 })
        .onConflictDoUpdate({
          target: [domainTraffic.domainId, domainTraffic.day],
          set: { leads: sql`${domainTraffic.leads} + 1` },
        });
    }
    return lead.id;
  });
  return { id, quotesUrl: quotesUrlFor(options.quotesBaseUrl, host) };
}
