import { Router } from "express";
import { EMAIL_PATHS, ZEmailTokenBody } from "../../../shared/api/auth/email";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import { cancelPendingChange, emailStatus, resendConfirmation } from "./email-change.service";
import { cancelEmailChangeByLink, confirmEmail } from "./email-confirm";

const at = mountedAt("/api/auth");

export interface EmailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, "appUrl" | "adminEmails">;
}

/** Proving the account's address: its status, the mailed links, resending and cancelling. */
export function emailRoutes(deps: EmailDeps): Router {
  const { db, mailer } = deps;
  const links = { mailer, appUrl: deps.config.appUrl, adminEmails: deps.config.adminEmails };
  const router = Router();

  router.get(
    at(EMAIL_PATHS.status),
    handler({ auth: true }, ({ userId }) => emailStatus({ db, userId })),
  );
  router.post(
    at(EMAIL_PATHS.resend),
    handler({ auth: true, status: 202 }, async ({ userId }) => {
      await resendConfirmation({ db, userId, ...links });
      return { message: "A new confirmation link is on its way." };
    }),
  );
  router.delete(
    at(EMAIL_PATHS.pending),
    handler({ auth: true }, async ({ userId, req }) => {
      await cancelPendingChange({ db, userId, meta: requestMeta(req) });
      return emailStatus({ db, userId });
    }),
  );
  // Opened from an email, on whichever device, signed in or not: the token alone says whose.
  router.post(
    at(EMAIL_PATHS.confirm),
    handler({ body: ZEmailTokenBody }, async ({ body, req }) => {
      const { email } = await confirmEmail({
        db,
        mailer,
        token: body.token,
        adminEmails: deps.config.adminEmails,
        meta: requestMeta(req),
      });
      return { email, message: `${email} is confirmed.` };
    }),
  );
  router.post(
    at(EMAIL_PATHS.cancel),
    handler({ body: ZEmailTokenBody }, ({ body, req }) =>
      cancelEmailChangeByLink({ db, token: body.token, meta: requestMeta(req) }),
    ),
  );
  return router;
}
