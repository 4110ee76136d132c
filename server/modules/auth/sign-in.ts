import type { Request, Response } from "express";
import type { User } from "../../../shared/schema";
import type { AppDeps } from "../../deps";
import { requestMeta } from "../../http/request-meta";
import { startSession } from "../../http/session-helpers";
import { recordAudit } from "../audit/audit-log";
import { rememberDevice } from "./known-devices";
import { assertNotSuspended } from "./suspension";

/** How long a correct password waits for its second factor. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * The end of every successful sign-in (password, or password and code): the account's failed
 * count is cleared, a fresh session is issued, the device is remembered and the event logged.
 */
export async function completeSignIn(options: {
  deps: AppDeps;
  req: Request;
  res: Response;
  user: User;
  method: string;
  knownDeviceKey?: string;
}): Promise<void> {
  const { deps, req, res, user } = options;
  assertNotSuspended(user);
  await deps.authLimits.signedIn({ accountKey: user.id, knownDeviceKey: options.knownDeviceKey });
  // Every method with a second step is named `password+<factor>`.
  await startSession(req, user.id, options.method.startsWith("password+"));
  await rememberDevice({ db: deps.db, req, res, userId: user.id, secure: deps.config.secureCookies });
  await recordAudit(deps.db, {
    userId: user.id,
    event: "sign_in",
    meta: requestMeta(req),
    detail: { method: options.method },
  });
}

/** Keeps the session row only until the second factor arrives; nothing is signed in yet. */
export function awaitSecondFactor(req: Request, pending: { userId: string; knownDeviceKey?: string }) {
  req.session.pendingSignIn = { ...pending, at: Date.now() };
  return new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}
