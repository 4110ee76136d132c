import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";
import { hashToken } from "../auth/known-devices";

/** How far back an address the owner used makes a lead the owner's own. */
export const OWNER_TRACE_DAYS = 30;

/** What the lead's request says about who sent it (read by the route from the request). */
export interface LeadVisitor {
  /** The client address as Express resolves it under TRUST_PROXY. */
  address: string;
  /** The account whose session cookie came with the lead, if any. */
  sessionUserId?: string;
  /** The device cookie's token, if the browser sent one. */
  deviceToken?: string;
}

/**
 * Why a lead looks sent by the domain's own owner, or null: a browser signed in as the owner, a
 * device the owner signs in with, or an address the owner used in the last 30 days (a sign-in
 * or another security event, a device's last visit, a live session). Such a lead is stored and
 * flagged, and credits nothing.
 */
export async function ownerTraceReason(
  tx: DbOrTx,
  options: { ownerId: string; visitor: LeadVisitor },
): Promise<string | null> {
  const { ownerId, visitor } = options;
  if (visitor.sessionUserId === ownerId) return "Sent from a browser signed in as the domain's owner.";
  const tokenHash = visitor.deviceToken ? hashToken(visitor.deviceToken) : null;
  const address = visitor.address === "unknown" ? null : visitor.address;
  const { rows } = await tx.execute<{ device: boolean; address: boolean }>(sql`
    select
      exists (select 1 from known_devices where user_id = ${ownerId} and token_hash = ${tokenHash}) as device,
      (exists (select 1 from audit_log where user_id = ${ownerId} and address = ${address}
          and created_at > now() - make_interval(days => ${OWNER_TRACE_DAYS}))
        or exists (select 1 from known_devices where user_id = ${ownerId} and address = ${address}
          and last_seen_at > now() - make_interval(days => ${OWNER_TRACE_DAYS}))
        or exists (select 1 from session where sess->>'userId' = ${ownerId}::text
          and sess->>'address' = ${address} and expire > now())) as address
  `);
  if (rows[0]?.device) return "Sent from a device the domain's owner signs in with.";
  if (rows[0]?.address)
    return `Sent from an address the domain's owner used in the last ${OWNER_TRACE_DAYS} days (${address}).`;
  return null;
}
