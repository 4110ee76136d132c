import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Request, Response } from "express";
import { knownDevices } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { requestMeta } from "../../http/request-meta";

/** OWASP's device cookie: a device that signed in before gets through its account's lockout. */
export const DEVICE_COOKIE = "parkpilot.device";
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A user id no account has: what an unknown account's lookups are made for. */
export const NO_ACCOUNT = "00000000-0000-0000-0000-000000000000";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

export type KnownDevice = typeof knownDevices.$inferSelect;

/** The device cookie's token this request carries, if a plausible one. */
export function deviceTokenOf(req: Request): string | undefined {
  const token = readCookie(req, DEVICE_COOKIE);
  return token && token.length <= 100 ? token : undefined;
}

/** This request's device as `userId` knows it (trusted or waiting for approval), if its cookie is one. */
export async function deviceOfRequest(
  db: DbOrTx,
  req: Request,
  userId: string,
): Promise<KnownDevice | undefined> {
  const token = readCookie(req, DEVICE_COOKIE);
  if (!token || token.length > 100) return undefined;
  const [row] = await db
    .select()
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, hashToken(token)), eq(knownDevices.userId, userId)));
  return row;
}

/**
 * The key of this request's device when its cookie is a trusted device of `userId`; otherwise
 * undefined (no cookie, an unknown one, another account's, or one still waiting for approval).
 */
export async function knownDeviceKey(options: {
  db: DbOrTx;
  req: Request;
  userId: string | undefined;
}): Promise<string | undefined> {
  const token = readCookie(options.req, DEVICE_COOKIE);
  if (!token || token.length > 100) return undefined;
  // Looked up for an unknown account too (as no one's), so that a sign-in with a device cookie
  // takes as long whether the account exists or not.
  const [row] = await options.db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.tokenHash, hashToken(token)),
        eq(knownDevices.userId, options.userId ?? NO_ACCOUNT),
        isNotNull(knownDevices.approvedAt),
      ),
    );
  return options.userId ? row?.tokenHash : undefined;
}

/**
 * After a successful sign-in, or when one waits for approval: refreshes this device's entry, or
 * records a new one and gives it its cookie. A new device is trusted at once unless `pending`.
 * Answers the device and whether it is new.
 */
export async function rememberDevice(options: {
  db: DbOrTx;
  req: Request;
  res: Response;
  userId: string;
  secure: boolean;
  pending?: boolean;
}): Promise<{ device: KnownDevice; isNew: boolean }> {
  const { db, req, res, userId } = options;
  const { address, userAgent } = requestMeta(req);
  const existing = await deviceOfRequest(db, req, userId);
  if (existing) {
    const [device] = await db
      .update(knownDevices)
      .set({ lastSeenAt: new Date(), address, userAgent })
      .where(eq(knownDevices.tokenHash, existing.tokenHash))
      .returning();
    return { device, isNew: false };
  }
  const token = randomBytes(32).toString("base64url");
  const [device] = await db
    .insert(knownDevices)
    .values({
      tokenHash: hashToken(token),
      userId,
      address,
      userAgent,
      approvedAt: options.pending ? null : new Date(),
    })
    .returning();
  res.cookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    maxAge: YEAR_MS,
    path: "/api/auth",
  });
  return { device, isNew: true };
}
