import type { Request, RequestHandler } from "express";
import { AppError } from "./app-error";
import { userId } from "./handler";

/** How long a sign-in (or a confirmation) covers sensitive changes, docs/security.md#accounts-and-sign-in. */
export const RECENT_AUTH_MS = 10 * 60 * 1000;

/**
 * Refuses with REAUTH_REQUIRED (403) when the password was last given more than ten minutes ago;
 * the client then asks for it (and a code when 2FA is on) through `POST /api/auth/reauthenticate`
 * and retries.
 */
export function assertRecentAuth(req: Request): void {
  userId(req);
  if (Date.now() - (req.session.authAt ?? 0) > RECENT_AUTH_MS) {
    throw new AppError("REAUTH_REQUIRED", "Please confirm it's you: enter your password again.");
  }
}

/** Route guard for email, password, 2FA and payout-setting changes. */
export const requireRecentAuth: RequestHandler = (req, _res, next) => {
  try {
    assertRecentAuth(req);
    next();
  } catch (error) {
    next(error);
  }
};
