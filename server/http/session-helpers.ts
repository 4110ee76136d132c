import type { Request, RequestHandler } from "express";
import { requestMeta } from "./request-meta";

/**
 * Issues a fresh session id (no fixation) and binds it to the user, with what the session list
 * shows: when, from which address and device.
 */
export function startSession(
  req: Request,
  userId: string,
  signIn: { secondFactor?: boolean; deviceId?: string } = {},
): Promise<void> {
  const { address, userAgent } = requestMeta(req);
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      const now = Date.now();
      Object.assign(req.session, {
        userId,
        authAt: now,
        signedInAt: now,
        secondFactor: signIn.secondFactor ?? false,
        deviceId: signIn.deviceId,
        lastSeenAt: now,
        address,
        userAgent,
      });
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    });
  });
}

/** Destroys the session on the server, so its id is dead even if the cookie survives. */
export function endSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
}

const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * Keeps "last seen" (and the address) of a signed-in session current for the session list,
 * writing the session row at most every five minutes however often the dashboard polls.
 */
export const trackLastSeen: RequestHandler = (req, _res, next) => {
  const session = req.session;
  if (session?.userId && Date.now() - (session.lastSeenAt ?? 0) > LAST_SEEN_EVERY_MS) {
    session.lastSeenAt = Date.now();
    session.address = requestMeta(req).address;
  }
  next();
};
