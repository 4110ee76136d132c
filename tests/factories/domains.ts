import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Agent } from "supertest";
import type { DbOrTx } from "../../server/db/tx";
import { checkDomainOwnership } from "../../server/jobs/check-domain-ownership";
import type { TCreateDomainBody, TDomain } from "../../shared/api/domains";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { domains } from "../../shared/schema";
import type { TestApp } from "../setup/test-app";

/** A domain name no other test has used: `pp-1a2b3c4d.com`. */
export function uniqueDomainName(tld = "com"): string {
  return `pp-${randomBytes(4).toString("hex")}.${tld}`;
}

/** Adds a domain through the API as the agent's user: it is `pending` until verified. */
export async function addDomain(agent: Agent, overrides: Partial<TCreateDomainBody> = {}): Promise<TDomain> {
  const res = await agent.post(DOMAIN_PATHS.list).send({ name: uniqueDomainName(), ...overrides });
  if (res.status !== 201) throw new Error(`add domain failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TDomain;
}

/**
 * Marks a domain verified as a successful check would (for tests whose subject is not the DNS
 * check itself; tests/api/domain-verification.test.ts proves the check), with the status it then has.
 */
export async function markVerified(db: DbOrTx, domainId: string, status: "active" | "parked" = "active") {
  await db
    .update(domains)
    .set({ status, verifiedAt: new Date(), verifiedBy: status === "parked" ? "ns" : "txt" })
    .where(eq(domains.id, domainId));
}

/**
 * Adds a domain through the API, then marks it verified: `overrides.status` (active by default)
 * is the status it has once verified. Answers the domain as the API now shows it.
 */
export async function addVerifiedDomain(
  agent: Agent,
  db: DbOrTx,
  overrides: Partial<TCreateDomainBody> = {},
): Promise<TDomain> {
  const added = await addDomain(agent, overrides);
  const status = overrides.status === "parked" ? "parked" : "active";
  await markVerified(db, added.id, status);
  const res = await agent.get(pathTo(DOMAIN_PATHS.one, { id: added.id }));
  return res.body as TDomain;
}

/**
 * Inserts a domain row of `userId` directly, for states the API does not create (listed, sold, a
 * past creation date…); a unique `.com` name unless `overrides` gives one. Its status says
 * whether it is verified, as in the product: `active` (the default) and `parked` are verified,
 * `pending` is not.
 */
export async function insertDomain(
  db: DbOrTx,
  userId: string,
  overrides: Partial<typeof domains.$inferInsert> = {},
) {
  const pending = overrides.status === "pending";
  const [domain] = await db
    .insert(domains)
    .values({
      userId,
      name: uniqueDomainName(),
      verifiedAt: pending ? null : new Date(),
      verifiedBy: pending ? null : overrides.status === "parked" ? "ns" : "txt",
      ...overrides,
    })
    .returning();
  return domain;
}

/** A CSV file's text from rows of cells. */
export function csv(rows: (string | number)[][]): string {
  return `${rows.map((r) => r.join(",")).join("\n")}\n`;
}

/** A run of the domain-ownership job at `now`, as its schedule runs it. */
export const runOwnershipJob = (t: TestApp, now: Date) =>
  checkDomainOwnership({
    db: t.db,
    mailer: t.deps.mailer,
    checker: t.deps.ownership,
    appUrl: "https://app.test",
    now,
  });

/** How many domains `userId` has. */
export const countDomains = async (db: DbOrTx, userId: string) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from domains where user_id = ${userId}`))
    .rows[0].n;
