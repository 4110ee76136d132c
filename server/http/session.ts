import connectPgSimple from "connect-pg-simple";
import session from "express-session";
import type pg from "pg";

declare module "express-session" {
  interface SessionData {
    userId: string;
    /** When the password (and code) were last given, in ms: sensitive changes need it recent. */
    authAt: number;
    signedInAt: number;
    /** The sign-in took a second factor after the password: the operator console requires it. */
    secondFactor: boolean;
    /** Refreshed at most every few minutes, so polling does not write the session row. */
    lastSeenAt: number;
    userAgent: string;
    address: string;
    /** The password was right, the second factor is awaited; not signed in yet. */
    pendingSignIn: { userId: string; at: number; knownDeviceKey?: string };
    /** The known device (its id) the session signed in on; revoking the device ends the session. */
    deviceId: string;
    /** Password and factors were right; the device waits for approval (device management). */
    pendingDevice: { userId: string; deviceId: string; method: string; at: number };
    /** The portfolio a team member works in (its owner's id); absent: their own. */
    portfolioOwnerId: string;
  }
}

export const SESSION_COOKIE = "parkpilot.sid";
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sessions live in PostgreSQL so that any instance serves any user. Touch is disabled and
 * anonymous sessions are never saved, so polling never writes the session row.
 */
export function createSessionMiddleware(options: {
  pool: pg.Pool;
  secret: string;
  secure: boolean;
  prune: boolean;
}) {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool: options.pool,
    tableName: "session",
    createTableIfMissing: false,
    disableTouch: true,
    pruneSessionInterval: options.prune ? 15 * 60 : false,
  });
  const middleware = session({
    name: SESSION_COOKIE,
    store,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: "lax", secure: options.secure, maxAge: THIRTY_DAYS_MS },
  });
  return { middleware, store };
}
