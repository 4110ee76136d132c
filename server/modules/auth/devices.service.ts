import { and, desc, eq, sql } from "drizzle-orm";
import type { TDevice } from "../../../shared/api/auth/devices";
import { knownDevices, sessions } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";
import { describeDevice } from "../../lib/device-name";
import { placeOf } from "../../lib/place";

/** The account's devices, this one first, then the most recently seen. */
export async function listDevices(
  db: DbOrTx,
  userId: string,
  currentDeviceId: string | undefined,
): Promise<TDevice[]> {
  const rows = await db
    .select()
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastSeenAt))
    .limit(200);
  return rows
    .map((d) => ({
      id: d.id,
      name: d.name || describeDevice(d.userAgent),
      kind: describeDevice(d.userAgent),
      address: d.address,
      place: placeOf(d.address),
      firstSeenAt: d.createdAt.toISOString(),
      lastSeenAt: d.lastSeenAt.toISOString(),
      approved: d.approvedAt !== null,
      current: d.id === currentDeviceId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export async function renameDevice(db: DbOrTx, userId: string, id: string, name: string): Promise<void> {
  const [renamed] = await db
    .update(knownDevices)
    .set({ name })
    .where(and(eq(knownDevices.id, id), eq(knownDevices.userId, userId)))
    .returning({ id: knownDevices.id });
  if (!renamed) throw notFound("Device");
}

/**
 * Forgets a device and signs out every session it holds: its cookie no longer counts, so the
 * next sign-in from it is a new device's. Answers how many sessions ended.
 */
export async function revokeDevice(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<{ endedSessions: number }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(knownDevices)
      .where(and(eq(knownDevices.id, id), eq(knownDevices.userId, userId)))
      .returning({ id: knownDevices.id });
    if (!removed) throw notFound("Device");
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sql`${sessions.sess}->>'userId'`, userId), eq(sql`${sessions.sess}->>'deviceId'`, id)))
      .returning({ sid: sessions.sid });
    return { endedSessions: ended.length };
  });
}
