import { createHash } from "node:crypto";
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { TSignedInSession } from "../../../shared/api/auth/security";
import { sessions } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";
import { describeDevice } from "../../lib/device-name";
import { placeOf } from "../../lib/place";

/**
 * The id a session is shown under: a hash of its session id, so the list never hands out the
 * secret that the cookie carries.
 */
const publicId = (sid: string) => createHash("sha256").update(sid).digest("hex").slice(0, 32);

interface SessionJson {
  userId?: string;
  signedInAt?: number;
  lastSeenAt?: number;
  userAgent?: string;
  address?: string;
}

const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

async function userSessions(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .where(and(eq(sql`${sessions.sess}->>'userId'`, userId), gt(sessions.expire, sql`now()`)));
  return rows.map((r) => ({ sid: r.sid, sess: r.sess as SessionJson }));
}

/** The user's signed-in sessions, most recently seen first. */
export async function listSessions(options: {
  db: DbOrTx;
  userId: string;
  currentSid: string;
}): Promise<TSignedInSession[]> {
  const rows = await userSessions(options.db, options.userId);
  return rows
    .map(({ sid, sess }) => ({
      id: publicId(sid),
      device: describeDevice(sess.userAgent),
      address: sess.address ?? null,
      place: placeOf(sess.address),
      signedInAt: iso(sess.signedInAt),
      lastSeenAt: iso(sess.lastSeenAt ?? sess.signedInAt),
      current: sid === options.currentSid,
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || (b.lastSeenAt ?? "").localeCompare(a.lastSeenAt ?? ""),
    );
}

/** Signs one of the user's sessions out; answers whether it was the one making the request. */
export async function endSessionById(options: {
  db: DbOrTx;
  userId: string;
  id: string;
  currentSid: string;
}): Promise<{ current: boolean }> {
  const rows = await userSessions(options.db, options.userId);
  const target = rows.find((r) => publicId(r.sid) === options.id);
  if (!target) throw notFound("Session");
  await options.db.delete(sessions).where(eq(sessions.sid, target.sid));
  return { current: target.sid === options.currentSid };
}

/** Signs out every session of the user but this one; answers how many ended. */
export async function endOtherSessions(options: {
  db: DbOrTx;
  userId: string;
  currentSid: string;
}): Promise<number> {
  const others = (await userSessions(options.db, options.userId))
    .map((r) => r.sid)
    .filter((sid) => sid !== options.currentSid);
  if (others.length === 0) return 0;
  await options.db
    .delete(sessions)
    .where(and(inArray(sessions.sid, others), ne(sessions.sid, options.currentSid)));
  return others.length;
}

/** Signs out every session of the user (an account deleted, suspended, or its password reset). */
export async function endAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sql`${sessions.sess}->>'userId'`, userId));
}
