import { Router } from "express";
import {
  SECURITY_PATHS,
  ZPasswordResetBody,
  ZPasswordResetConfirmBody,
} from "../../../shared/api/auth/security";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import type { AuthLimits } from "./auth-limits";
import { confirmPasswordReset, requestPasswordReset } from "./password-reset.service";

const at = mountedAt("/api/auth");

export interface PasswordResetDeps {
  db: Db;
  authLimits: AuthLimits;
  mailer: Mailer;
  config: Pick<Config, "appUrl">;
}

/** "Forgot password?": a mailed single-use link, then the new password. */
export function passwordResetRoutes(deps: PasswordResetDeps): Router {
  const { db, authLimits } = deps;
  const router = Router();

  router.post(
    at(SECURITY_PATHS.passwordReset),
    handler({ body: ZPasswordResetBody, status: 202 }, async ({ body, req }) => {
      const meta = requestMeta(req);
      await authLimits.beforePasswordReset(meta.address);
      await requestPasswordReset({
        db,
        mailer: deps.mailer,
        email: body.email,
        appUrl: deps.config.appUrl,
        meta,
      });
      return { message: "If an account uses this email, a reset link is on its way." };
    }),
  );
  router.post(
    at(SECURITY_PATHS.passwordResetConfirm),
    handler({ body: ZPasswordResetConfirmBody }, async ({ body, req }) => {
      const { userId } = await confirmPasswordReset({ db, ...body, meta: requestMeta(req) });
      // The owner proved the mailbox: their account's failed-sign-in count starts again.
      await authLimits.signedIn({ accountKey: userId });
      return { message: "Your password has been changed. Please sign in." };
    }),
  );
  return router;
}
