import { Router } from "express";
import { ZCodeBody, ZSessionIdParams } from "../../../shared/api/security";
import type { AppDeps } from "../../deps";
import { handler, requireUser, userId } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import { requireRecentAuth } from "../../http/require-recent-auth";
import { SESSION_COOKIE } from "../../http/session";
import { endSession } from "../../http/session-helpers";
import { recordAudit } from "../audit/audit-log";
import { assertCanDropAuthenticator } from "./passkeys.service";
import { endOtherSessions, endSessionById, listSessions } from "./sessions.service";
import {
  checkSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
  twoFactorStatus,
} from "./two-factor.service";

/** Settings → Security: the second factor and the signed-in sessions. */
export function securityRoutes(deps: AppDeps): Router {
  const { db, authLimits } = deps;
  const router = Router();
  const audit = (req: Parameters<typeof requestMeta>[0], event: Parameters<typeof recordAudit>[1]["event"]) =>
    recordAudit(db, { userId: userId(req), event, meta: requestMeta(req) });

  router.get(
    "/2fa",
    requireUser,
    handler({}, ({ req }) => twoFactorStatus({ db, userId: userId(req) })),
  );
  router.post(
    "/2fa/setup",
    requireRecentAuth,
    handler({}, ({ req }) => setupTwoFactor({ db, userId: userId(req) })),
  );
  router.post(
    "/2fa/enable",
    requireRecentAuth,
    handler({ body: ZCodeBody }, async ({ body, req }) => {
      await authLimits.countCode(userId(req));
      const recoveryCodes = await enableTwoFactor({ db, userId: userId(req), code: body.code });
      await audit(req, "two_factor_enabled");
      return { recoveryCodes };
    }),
  );
  router.post(
    "/2fa/disable",
    requireRecentAuth,
    handler({ body: ZCodeBody }, async ({ body, req }) => {
      await authLimits.countCode(userId(req));
      await assertCanDropAuthenticator(db, userId(req));
      await checkSecondFactor({ db, userId: userId(req), code: body.code });
      await disableTwoFactor({ db, userId: userId(req) });
      await audit(req, "two_factor_disabled");
      return { enabled: false };
    }),
  );
  router.post(
    "/2fa/recovery-codes",
    requireRecentAuth,
    handler({ body: ZCodeBody }, async ({ body, req }) => {
      await authLimits.countCode(userId(req));
      await checkSecondFactor({ db, userId: userId(req), code: body.code });
      const recoveryCodes = await regenerateRecoveryCodes({ db, userId: userId(req) });
      await audit(req, "recovery_codes_regenerated");
      return { recoveryCodes };
    }),
  );

  router.get(
    "/sessions",
    requireUser,
    handler({}, async ({ req }) => ({
      sessions: await listSessions({ db, userId: userId(req), currentSid: req.sessionID }),
    })),
  );
  router.delete(
    "/sessions",
    requireUser,
    handler({}, async ({ req }) => {
      const ended = await endOtherSessions({ db, userId: userId(req), currentSid: req.sessionID });
      await recordAudit(db, {
        userId: userId(req),
        event: "other_sessions_ended",
        meta: requestMeta(req),
        detail: { ended },
      });
      return { ended };
    }),
  );
  router.delete(
    "/sessions/:id",
    requireUser,
    handler({ params: ZSessionIdParams }, async ({ params, req, res }) => {
      const me = userId(req);
      const { current } = await endSessionById({ db, userId: me, id: params.id, currentSid: req.sessionID });
      await recordAudit(db, {
        userId: me,
        event: "session_ended",
        meta: requestMeta(req),
        detail: { current },
      });
      if (current) {
        await endSession(req);
        res.clearCookie(SESSION_COOKIE);
      }
      return { ended: 1 };
    }),
  );
  return router;
}
