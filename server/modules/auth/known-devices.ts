import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Request, Response } from "express";
import { knownDevices } from "../../../shared/schema";
import type { Db } from "../../db/pool";

/** OWASP's device cookie: a device that signed in before gets through its account's lockout. */
export const DEVICE_COOKIE = "parkpilot.device";
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/**
 * The key of this request's device when its cookie is one that `userId` signed in with before;
 * otherwise undefined (no cookie, an unknown one, or another account's).
 */
export async function knownDeviceKey(options: {
  db: Db;
  req: Request;
  userId: string | undefined;
}): Promise<string | undefined> {
  const token = readCookie(options.req, DEVICE_COOKIE);
  if (!token || !options.userId || token.length > 100) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await options.db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.userId, options.userId)));
  return row?.tokenHash;
}

/** After a successful sign-in: refreshes this device's entry, or gives it a new cookie. */
export async function rememberDevice(options: {
  db: Db;
  req: Request;
  res: Response;
  userId: string;
  secure: boolean;
}): Promise<void> {
  const { db, req, res, userId } = options;
  const existing = await knownDeviceKey({ db, req, userId });
  if (existing) {
    await db.update(knownDevices).set({ lastSeenAt: new Date() }).where(eq(knownDevices.tokenHash, existing));
    return;
  }
  const token = randomBytes(32).toString("base64url");
  await db.insert(knownDevices).values({ tokenHash: hashToken(token), userId });
  res.cookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    maxAge: YEAR_MS,
    path: "/api/auth",
  });
}
