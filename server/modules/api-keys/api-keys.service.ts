import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  MAX_ACTIVE_KEYS_PER_SCOPE,
  type TApiKey,
  type TApiKeyScope,
  type TCreatedApiKey,
} from "../../../shared/api/api-keys";
import { type ApiKey, apiKeys, users } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import type { Mailer } from "../../mail/mailer";
import { recordAudit } from "../audit/audit-log";
import { assertNotLockedDown } from "../auth/lockdown";
import { raiseThreatAlert } from "../auth/threat-alerts";
import { newApiKey } from "./api-key-token";
import { apiPlanOf } from "./api-plan";

const toAnswer = (k: ApiKey): TApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  last4: k.last4,
  scopes: k.scopes as TApiKeyScope[],
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

/** Every key of the owner, active first, newest first; never the key itself. */
export async function listApiKeys(options: { db: Db; userId: string }): Promise<TApiKey[]> {
  const rows = await options.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, options.userId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt));
  return rows.map(toAnswer);
}

async function tellOwner(tx: DbOrTx, mailer: Mailer, userId: string, subject: string, body: string) {
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (owner) await mailer.send(tx, { to: owner.email, subject, body });
}

/**
 * Creates a key for an owner who holds an API plan. At most two active keys per scope, so that
 * a key can be replaced without downtime but keys do not pile up. The whole key is in this
 * answer only; the database keeps its hash.
 */
export async function createApiKey(options: {
  db: Db;
  mailer: Mailer;
  userId: string;
  name: string;
  scopes: TApiKeyScope[];
  mode: "live" | "test";
  meta: RequestMeta;
}): Promise<TCreatedApiKey> {
  const { db, userId, scopes } = options;
  if (!(await apiPlanOf({ db, userId }))) {
    throw new AppError(
      "FORBIDDEN",
      "API keys come with an API plan. Choose a plan under Settings → API Access.",
    );
  }
  return db.transaction(async (tx) => {
    // One owner's key creations in turn, so that two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('api_keys:' || ${userId}::text, 0))`);
    // A lockdown revoked every key because someone else may be inside: a session that survived
    // it (the one that pressed it, or an intruder's on another instance) mints none until recovery.
    await assertNotLockedDown(
      tx,
      userId,
      "Your account is locked down: API keys cannot be created until you change your password under Settings → Security.",
    );
    for (const scope of scopes) {
      const { rows } = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from api_keys
        where user_id = ${userId} and revoked_at is null and ${scope} = any(scopes)
      `);
      if ((rows[0]?.n ?? 0) >= MAX_ACTIVE_KEYS_PER_SCOPE) {
        throw new AppError(
          "CONFLICT",
          `You already have ${MAX_ACTIVE_KEYS_PER_SCOPE} active keys with the ${scope} scope. Revoke one first.`,
        );
      }
    }
    const made = newApiKey(options.mode);
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name: options.name, hash: made.hash, prefix: made.prefix, last4: made.last4, scopes })
      .returning();
    await recordAudit(tx, {
      userId,
      event: "api_key_created",
      meta: options.meta,
      detail: { keyId: row.id, name: row.name, scopes, last4: row.last4 },
    });
    await tellOwner(
      tx,
      options.mailer,
      userId,
      "A new ParkPilot API key was created",
      `The API key "${row.name}" (${row.prefix}…${row.last4}, scopes: ${scopes.join(", ")}) was created for your account from ${options.meta.address}.\n\nIf this was not you, revoke it under Settings → API and change your password.`,
    );
    // The owner is mailed above whatever they hold; threat monitoring adds the in-app alert.
    await raiseThreatAlert(
      { db: tx, mailer: options.mailer },
      {
        userId,
        subject: "new API key",
        text: `A new API key "${row.name}" (${row.prefix}…${row.last4}) was created from ${options.meta.address}.`,
        mail: false,
      },
    );
    const { id, name, prefix, last4, createdAt } = toAnswer(row);
    return { id, name, key: made.key, prefix, last4, scopes, createdAt };
  });
}

/** Revokes a key of the owner at once: its next call is refused. Revoking twice is harmless. */
export async function revokeApiKey(options: {
  db: Db;
  mailer: Mailer;
  userId: string;
  keyId: string;
  meta: RequestMeta;
}): Promise<void> {
  const { db, userId, keyId } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
      if (!existing) throw notFound("API key");
      return;
    }
    await recordAudit(tx, {
      userId,
      event: "api_key_revoked",
      meta: options.meta,
      detail: { keyId: row.id, name: row.name, last4: row.last4 },
    });
    await tellOwner(
      tx,
      options.mailer,
      userId,
      "A ParkPilot API key was revoked",
      `The API key "${row.name}" (${row.prefix}…${row.last4}) was revoked from ${options.meta.address}. Calls made with it are now refused.`,
    );
  });
}
