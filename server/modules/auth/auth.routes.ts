import { Router } from "express";
import {
  AUTH_PATHS,
  ZChangePasswordBody,
  ZProfileBody,
  ZRegisterBody,
} from "../../../shared/api/auth/sign-in";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { assertRecentAuth, requireRecentAuth } from "../../http/require-recent-auth";
import { SESSION_COOKIE } from "../../http/session";
import { endSession, startSession } from "../../http/session-helpers";
import type { Config } from "../../lib/config";
import { recordAudit } from "../audit/audit-log";
import {
  changePassword,
  findUser,
  type OnRegistered,
  register,
  toSessionUser,
  updateProfile,
} from "./auth.service";
import { deleteAccount } from "./delete-account";
import { type DeviceDeps, deviceRoutes } from "./devices.routes";
import { type EmailDeps, emailRoutes } from "./email.routes";
import { requestEmailChange } from "./email-change.service";
import { mailConfirmationLink } from "./email-links";
import { deviceTokenOf, rememberDevice } from "./known-devices";
import { type PasskeyDeps, passkeyRoutes } from "./passkeys.routes";
import { type PasswordResetDeps, passwordResetRoutes } from "./password-reset.routes";
import { type SecurityDeps, securityRoutes } from "./security.routes";
import { type SignInRoutesDeps, signInRoutes } from "./sign-in.routes";

const at = mountedAt("/api/auth");

/** What the account routes need of the app: their own, and what each of the routes they gather needs. */
export type AuthDeps = SignInRoutesDeps &
  SecurityDeps &
  DeviceDeps &
  PasskeyDeps &
  PasswordResetDeps &
  EmailDeps & {
    onRegistered?: OnRegistered;
    config: Pick<Config, "appUrl" | "adminEmails" | "secureCookies">;
  };

export function authRoutes(deps: AuthDeps): Router {
  const { db, authLimits } = deps;
  const links = { mailer: deps.mailer, appUrl: deps.config.appUrl, adminEmails: deps.config.adminEmails };
  const router = Router();

  router.get(
    at(AUTH_PATHS.me),
    handler({ auth: true }, async ({ userId }) => {
      const user = await findUser({ db, userId });
      if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
      return { user: toSessionUser(user) };
    }),
  );

  router.post(
    at(AUTH_PATHS.register),
    handler({ body: ZRegisterBody, status: 201 }, async ({ body, req, res }) => {
      await authLimits.beforeRegister(requestMeta(req).address);
      const user = await register({
        db,
        input: body,
        onRegistered: deps.onRegistered,
        adminEmails: deps.config.adminEmails,
        deviceToken: deviceTokenOf(req),
        address: requestMeta(req).address,
        confirmEmail: (tx, created) =>
          mailConfirmationLink(tx, { ...links, user: created, email: created.email, change: false }),
      });
      // The device an account is made on is its first trusted one.
      const secure = deps.config.secureCookies;
      const { device } = await rememberDevice({ db, req, res, userId: user.id, secure });
      await startSession(req, user.id, { deviceId: device.id });
      const meta = requestMeta(req);
      await recordAudit(db, { userId: user.id, event: "account_created", meta });
      await recordAudit(db, { userId: user.id, event: "sign_in", meta, detail: { method: "registration" } });
      return { user: toSessionUser(user) };
    }),
  );

  router.use(signInRoutes(deps));
  router.use(securityRoutes(deps));
  router.use(deviceRoutes(deps));
  router.use(passkeyRoutes(deps));
  router.use(passwordResetRoutes(deps));
  router.use(emailRoutes(deps));

  router.post(
    at(AUTH_PATHS.logout),
    handler({}, async ({ req, res }) => {
      const signedIn = req.session?.userId;
      if (signedIn) await recordAudit(db, { userId: signedIn, event: "sign_out", meta: requestMeta(req) });
      await endSession(req);
      res.clearCookie(SESSION_COOKIE);
    }),
  );

  router.put(
    at(AUTH_PATHS.profile),
    handler({ auth: true, body: ZProfileBody }, async ({ userId, body, req }) => {
      const before = await findUser({ db, userId });
      const emailChanges = before !== undefined && before.email.toLowerCase() !== body.email.toLowerCase();
      if (emailChanges) assertRecentAuth(req);
      const user = await updateProfile({ db, userId, input: body });
      // The new address takes effect when the link mailed to it is opened; until then the old one stays.
      if (emailChanges)
        await requestEmailChange({ db, userId, email: body.email, meta: requestMeta(req), ...links });
      return { user: toSessionUser(user), pendingEmail: emailChanges ? body.email : null };
    }),
  );

  router.post(
    at(AUTH_PATHS.changePassword),
    requireRecentAuth,
    handler({ auth: true, body: ZChangePasswordBody }, async ({ userId, body, req }) => {
      await changePassword({ db, userId, currentSessionId: req.sessionID, input: body });
      await recordAudit(db, { userId, event: "password_changed", meta: requestMeta(req) });
      return { message: "Password changed" };
    }),
  );

  router.delete(
    at(AUTH_PATHS.account),
    requireRecentAuth,
    handler({ auth: true }, async ({ userId, req, res }) => {
      await deleteAccount({ db, userId, meta: requestMeta(req) });
      // Its row is gone already; ending it here keeps the end of the request from saving it again.
      await endSession(req);
      res.clearCookie(SESSION_COOKIE);
      return { message: "Your account has been deleted." };
    }),
  );

  return router;
}
