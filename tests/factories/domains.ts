import { randomBytes } from "node:crypto";
import type { Agent } from "supertest";
import type { DbOrTx } from "../../server/db/tx";
import type { TCreateDomainBody, TDomain } from "../../shared/api/domains";
import { domains } from "../../shared/schema";

/** A domain name no other test has used: `pp-1a2b3c4d.com`. */
export function uniqueDomainName(tld = "com"): string {
  return `pp-${randomBytes(4).toString("hex")}.${tld}`;
}

/** Adds a domain through the API as the agent's user. */
export async function addDomain(agent: Agent, overrides: Partial<TCreateDomainBody> = {}): Promise<TDomain> {
  const res = await agent.post("/api/domains").send({ name: uniqueDomainName(), ...overrides });
  if (res.status !== 201) throw new Error(`add domain failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TDomain;
}

/**
 * Inserts a domain row of `userId` directly, for states the API does not create (listed, sold, a
 * past creation date…); a unique `.com` name unless `overrides` gives one.
 */
export async function insertDomain(
  db: DbOrTx,
  userId: string,
  overrides: Partial<typeof domains.$inferInsert> = {},
) {
  const [domain] = await db
    .insert(domains)
    .values({ userId, name: uniqueDomainName(), ...overrides })
    .returning();
  return domain;
}

/** A CSV file's text from rows of cells. */
export function csv(rows: (string | number)[][]): string {
  return `${rows.map((r) => r.join(",")).join("\n")}\n`;
}
