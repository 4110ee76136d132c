import type { Request } from "express";
import { DEVICE_APPROVAL_MS } from "../../../shared/api/auth/devices";
import type { TSessionUser } from "../../../shared/api/auth/sign-in";
import type { User } from "../../../shared/schema";
import { AppError } from "../../http/app-error";
import { requestMeta } from "../../http/request-meta";
import { startSession } from "../../http/session-helpers";
import { recordAudit } from "../audit/audit-log";
import { hasAddOn } from "../entitlements/require-add-on";
import { findUser, toSessionUser } from "./auth.service";
import { awaitDeviceApproval } from "./device-approval";
import { deviceOfRequest, rememberDevice } from "./known-devices";
import { lockdownStatus } from "./lockdown";
import type { SignIn, SignInDeps } from "./sign-in-step";
import { assertNotSuspended } from "./suspension";
import { alertOnSignIn } from "./threat-alerts";

/** How long a correct password waits for its second factor. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

/** What a sign-in's last step answers: signed in, or waiting for the device to be approved. */
export type SignInAnswer = { user: TSessionUser } | { deviceApprovalRequired: true };

/** What a sign-in is told while the account is locked down. */
export const LOCKED_DOWN_MESSAGE =
  "This account is locked down. Choose a new password with “Forgot password?” to sign in again.";

/**
 * The end of every successful sign-in (password, or password and code, or passkey): the
 * account's failed count is cleared; then, with device management, a device the account has not
 * trusted waits for approval; otherwise the sign-in completes. A locked-down account takes no
 * sign-in until it has a new password: the old one may be what an intruder knows, and a passkey
 * may be one the intruder added (the recovery checklist asks the owner to review them).
 */
export async function completeSignIn(options: SignIn & { knownDeviceKey?: string }): Promise<SignInAnswer> {
  const { deps, req, user } = options;
  assertNotSuspended(user);
  if ((await lockdownStatus(deps.db, user.id)).lockedDown)
    throw new AppError("FORBIDDEN", LOCKED_DOWN_MESSAGE);
  await deps.authLimits.signedIn({ accountKey: user.id, knownDeviceKey: options.knownDeviceKey });
  if (await hasAddOn(deps.db, user.id, "device-management")) {
    const device = await deviceOfRequest(deps.db, req, user.id);
    if (!device?.approvedAt) return awaitDeviceApproval(options);
  }
  return signInOnDevice(options);
}

/**
 * Signs in on a trusted device: a fresh session bound to the device, the device remembered
 * (a new one trusted at once), the event logged, and threat monitoring told.
 */
export async function signInOnDevice(options: SignIn): Promise<{ user: TSessionUser }> {
  const { deps, req, res, user } = options;
  const { db } = deps;
  const { device, isNew } = await rememberDevice({
    db,
    req,
    res,
    userId: user.id,
    secure: deps.config.secureCookies,
  });
  // Every method with a second step is named `password+<factor>`.
  await startSession(req, user.id, {
    secondFactor: options.method.startsWith("password+"),
    deviceId: device.id,
  });
  const meta = requestMeta(req);
  await recordAudit(db, { userId: user.id, event: "sign_in", meta, detail: { method: options.method } });
  await alertOnSignIn(deps, { userId: user.id, deviceId: device.id, isNewDevice: isNew, meta });
  return { user: toSessionUser(user) };
}

/** Keeps the session row only until the second factor arrives; nothing is signed in yet. */
export function awaitSecondFactor(req: Request, pending: { userId: string; knownDeviceKey?: string }) {
  req.session.pendingSignIn = { ...pending, at: Date.now() };
  return new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/**
 * Asked by the waiting sign-in: still waiting (`approved: false`), or approved, in which case the
 * sign-in completes on this device now. A device removed meanwhile, or a wait longer than 30
 * minutes, ends the attempt.
 */
export async function resumeApprovedSignIn(deps: SignInDeps, options: Pick<SignIn, "req" | "res">) {
  const { req } = options;
  const pending = req.session.pendingDevice;
  const expired = () => new AppError("UNAUTHORIZED", "Your sign-in has expired. Please sign in again.");
  if (!pending || Date.now() - pending.at > DEVICE_APPROVAL_MS) throw expired();
  const device = await deviceOfRequest(deps.db, req, pending.userId);
  if (!device || device.id !== pending.deviceId) {
    delete req.session.pendingDevice;
    throw expired();
  }
  if (!device.approvedAt) return { approved: false as const };
  const user: User | undefined = await findUser({ db: deps.db, userId: pending.userId });
  if (!user) throw expired();
  assertNotSuspended(user);
  delete req.session.pendingDevice;
  const signedIn = await signInOnDevice({ deps, ...options, user, method: pending.method });
  return { approved: true as const, ...signedIn };
}
