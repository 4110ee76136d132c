import { Router } from "express";
import { SECURITY_PATHS, ZCodeBody, ZReauthBody } from "../../../shared/api/auth/security";
import { AUTH_PATHS, ZLoginBody } from "../../../shared/api/auth/sign-in";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { recordAudit } from "../audit/audit-log";
import { findAccount, findUser, passwordMatches } from "./auth.service";
import { knownDeviceKey } from "./known-devices";
import { secondFactorsOf } from "./passkeys.service";
import { awaitSecondFactor, completeSignIn, PENDING_SIGN_IN_MS } from "./sign-in";
import type { SignInDeps } from "./sign-in-step";
import { alertOnFailedSignIn } from "./threat-alerts";
import type { TotpKeys } from "./totp-secrets";
import { checkSecondFactor, isTwoFactorOn } from "./two-factor.service";

const at = mountedAt("/api/auth");

const wrongPassword = () => new AppError("UNAUTHORIZED", "Invalid username/email or password.");

export type SignInRoutesDeps = SignInDeps & {
  totpKeys: TotpKeys;
};

/** Sign-in with the password, the second step with a code, and confirming it's you again. */
export function signInRoutes(deps: SignInRoutesDeps): Router {
  const { db, authLimits } = deps;
  const router = Router();

  router.post(
    at(AUTH_PATHS.login),
    handler({ body: ZLoginBody }, async ({ body, req, res }) => {
      const meta = requestMeta(req);
      const user = await findAccount({ db, usernameOrEmail: body.usernameOrEmail });
      // Username and email are one account; a name with no account is counted by itself.
      const accountKey = user?.id ?? `name:${body.usernameOrEmail.toLowerCase()}`;
      const deviceKey = await knownDeviceKey({ db, req, userId: user?.id });
      await authLimits.countSignIn({ accountKey, address: meta.address, knownDeviceKey: deviceKey });
      // An unknown account costs what a real one does: its password is checked against a dummy
      // hash, and its failure is recorded and counted the same way, so that the time of the
      // answer does not tell whether the account exists.
      const matches = await passwordMatches(user, body.password);
      if (!user || !matches) {
        await recordAudit(db, {
          userId: user?.id ?? null,
          event: "sign_in_failed",
          meta,
          detail: { step: "password" },
        });
        await alertOnFailedSignIn(deps, { userId: user?.id, meta });
        throw wrongPassword();
      }
      const secondFactors = await secondFactorsOf(db, user.id);
      if (secondFactors.totp || secondFactors.webauthn) {
        await awaitSecondFactor(req, { userId: user.id, knownDeviceKey: deviceKey });
        return { twoFactorRequired: true, secondFactors };
      }
      return completeSignIn({ deps, req, res, user, method: "password", knownDeviceKey: deviceKey });
    }),
  );

  router.post(
    at(SECURITY_PATHS.twoFactorVerify),
    handler({ body: ZCodeBody }, async ({ body, req, res }) => {
      const pending = req.session.pendingSignIn;
      if (!pending || Date.now() - pending.at > PENDING_SIGN_IN_MS) {
        throw new AppError("UNAUTHORIZED", "Your sign-in has expired. Please enter your password again.");
      }
      const user = await findUser({ db, userId: pending.userId });
      if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
      await authLimits.countCode(user.id);
      const factor = await checkSecondFactor({
        db,
        keys: deps.totpKeys,
        userId: user.id,
        code: body.code,
      }).catch(async (error: unknown) => {
        const meta = requestMeta(req);
        await recordAudit(db, { userId: user.id, event: "sign_in_failed", meta, detail: { step: "code" } });
        await alertOnFailedSignIn(deps, { userId: user.id, meta });
        throw error;
      });
      if (factor === "recovery") {
        await recordAudit(db, { userId: user.id, event: "recovery_code_used", meta: requestMeta(req) });
      }
      return completeSignIn({
        deps,
        req,
        res,
        user,
        method: factor === "totp" ? "password+authenticator" : "password+recovery code",
        knownDeviceKey: pending.knownDeviceKey,
      });
    }),
  );

  router.post(
    at(SECURITY_PATHS.reauthenticate),
    handler({ auth: true, body: ZReauthBody }, async ({ userId, body, req }) => {
      const meta = requestMeta(req);
      const user = await findUser({ db, userId });
      if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
      const deviceKey = await knownDeviceKey({ db, req, userId: user.id });
      await authLimits.countSignIn({ accountKey: user.id, address: meta.address, knownDeviceKey: deviceKey });
      if (!(await passwordMatches(user, body.password))) {
        await recordAudit(db, {
          userId: user.id,
          event: "sign_in_failed",
          meta,
          detail: { step: "confirm" },
        });
        throw new AppError("BAD_REQUEST", "That password is incorrect.");
      }
      if (await isTwoFactorOn(db, user.id)) {
        if (!body.code) throw new AppError("BAD_REQUEST", "Enter the code from your authenticator app.");
        await authLimits.countCode(user.id);
        await checkSecondFactor({ db, keys: deps.totpKeys, userId: user.id, code: body.code });
      }
      req.session.authAt = Date.now();
      await recordAudit(db, { userId: user.id, event: "reauthenticated", meta });
      return { confirmed: true };
    }),
  );

  return router;
}
