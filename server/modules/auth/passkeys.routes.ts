import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { Router } from "express";
import {
  PASSKEY_PATHS,
  ZLoginOptionsBody,
  ZLoginVerifyBody,
  ZPasskeyIdParams,
  ZRegisterOptionsBody,
  ZRegisterVerifyBody,
  ZRenamePasskeyBody,
  ZRequireTwoFactorBody,
} from "../../../shared/api/auth/passkeys";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { requireRecentAuth } from "../../http/require-recent-auth";
import type { Config } from "../../lib/config";
import { recordAudit } from "../audit/audit-log";
import { findUser } from "./auth.service";
import {
  listPasskeys,
  loginOptions,
  type PendingCeremony,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  setTwoFactorRequired,
  verifyLogin,
} from "./passkeys.service";
import { completeSignIn, PENDING_SIGN_IN_MS } from "./sign-in";
import type { SignInDeps } from "./sign-in-step";

/** What these routes need of the app: a sign-in's last steps, and the relying party's origin. */
export type PasskeyDeps = SignInDeps & {
  config: Pick<Config, "appUrl">;
};

declare module "express-session" {
  interface SessionData {
    /** The challenge of the WebAuthn ceremony under way, single use (passkeys.service.ts). */
    webauthn: PendingCeremony;
  }
}

const at = mountedAt("/api/auth");

/**
 * Passkeys and security keys (docs/security.md#accounts-and-sign-in): adding one (signed in, recently confirmed, with its
 * add-on), signing in with one alone or after the password, and managing them in Settings →
 * Security. Listing, renaming and removing stay open after an add-on ends, so nothing is stuck.
 */
export function passkeyRoutes(deps: PasskeyDeps): Router {
  const { db, authLimits } = deps;
  const appUrl = deps.config.appUrl;
  const router = Router();

  router.get(
    at(PASSKEY_PATHS.list),
    handler({ auth: true }, ({ userId }) => listPasskeys(db, userId)),
  );
  router.post(
    at(PASSKEY_PATHS.registerOptions),
    requireRecentAuth,
    handler({ auth: true, body: ZRegisterOptionsBody }, ({ userId, body, req }) =>
      registrationOptions({ db, session: req.session, appUrl, userId, kind: body.kind }),
    ),
  );
  router.post(
    at(PASSKEY_PATHS.registerVerify),
    requireRecentAuth,
    handler({ auth: true, body: ZRegisterVerifyBody, status: 201 }, async ({ userId, body, req }) => {
      const passkey = await registerPasskey({
        db,
        session: req.session,
        appUrl,
        userId,
        response: body.response as unknown as RegistrationResponseJSON,
        name: body.name,
      });
      await recordAudit(db, {
        userId,
        event: "passkey_added",
        meta: requestMeta(req),
        detail: { kind: passkey.kind, name: passkey.name },
      });
      return { passkey };
    }),
  );
  router.post(
    at(PASSKEY_PATHS.loginOptions),
    handler({ body: ZLoginOptionsBody }, ({ req }) => {
      const pending = req.session.pendingSignIn;
      if (pending && Date.now() - pending.at > PENDING_SIGN_IN_MS) delete req.session.pendingSignIn;
      return loginOptions({ db, session: req.session, appUrl });
    }),
  );
  router.post(
    at(PASSKEY_PATHS.loginVerify),
    handler({ body: ZLoginVerifyBody }, async ({ body, req, res }) => {
      const meta = requestMeta(req);
      const pending = req.session.pendingSignIn;
      if (pending && Date.now() - pending.at > PENDING_SIGN_IN_MS) {
        throw new AppError("UNAUTHORIZED", "Your sign-in has expired. Please enter your password again.");
      }
      // A passkey signing in alone is a sign-in attempt like a password: counted for the
      // address and the credential before it is checked. After the password, like a code.
      if (pending) await authLimits.countCode(pending.userId);
      else await authLimits.countSignIn({ accountKey: `passkey:${body.response.id}`, address: meta.address });
      const result = await verifyLogin({
        db,
        session: req.session,
        appUrl,
        response: body.response as unknown as AuthenticationResponseJSON,
      }).catch(async (error: unknown) => {
        if (pending) {
          await recordAudit(db, {
            userId: pending.userId,
            event: "sign_in_failed",
            meta,
            detail: { step: "passkey" },
          });
        }
        throw error;
      });
      const user = await findUser({ db, userId: result.userId });
      if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
      const factor = result.kind === "passkey" ? "passkey" : "security key";
      return completeSignIn({
        deps,
        req,
        res,
        user,
        method: result.secondFactor ? `password+${factor}` : factor,
        knownDeviceKey: pending?.knownDeviceKey,
      });
    }),
  );
  router.patch(
    at(PASSKEY_PATHS.one),
    handler(
      { auth: true, params: ZPasskeyIdParams, body: ZRenamePasskeyBody },
      async ({ userId, params, body }) => {
        await renamePasskey(db, userId, params.id, body.name);
        return listPasskeys(db, userId);
      },
    ),
  );
  router.delete(
    at(PASSKEY_PATHS.one),
    requireRecentAuth,
    handler({ auth: true, params: ZPasskeyIdParams }, async ({ userId, params, req }) => {
      const kind = await removePasskey(db, userId, params.id);
      await recordAudit(db, {
        userId,
        event: "passkey_removed",
        meta: requestMeta(req),
        detail: { kind },
      });
      return listPasskeys(db, userId);
    }),
  );
  router.put(
    at(PASSKEY_PATHS.requireTwoFactor),
    requireRecentAuth,
    handler({ auth: true, body: ZRequireTwoFactorBody }, async ({ userId, body, req }) => {
      await setTwoFactorRequired(db, userId, body.required);
      await recordAudit(db, {
        userId,
        event: "two_factor_requirement_changed",
        meta: requestMeta(req),
        detail: { required: body.required },
      });
      return listPasskeys(db, userId);
    }),
  );

  return router;
}
