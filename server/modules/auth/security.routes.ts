import { Router } from "express";
import { SECURITY_PATHS, ZCodeBody, ZSessionIdParams } from "../../../shared/api/auth/security";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { requireRecentAuth } from "../../http/require-recent-auth";
import { SESSION_COOKIE } from "../../http/session";
import { endSession } from "../../http/session-helpers";
import { recordAudit } from "../audit/audit-log";
import type { AuthLimits } from "./auth-limits";
import { assertCanDropAuthenticator } from "./passkeys.service";
import { endOtherSessions, endSessionById, listSessions } from "./sessions.service";
import type { TotpKeys } from "./totp-secrets";
import {
  checkSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
  twoFactorStatus,
} from "./two-factor.service";

const at = mountedAt("/api/auth");

type AuditEvent = Parameters<typeof recordAudit>[1]["event"];

export interface SecurityDeps {
  db: Db;
  authLimits: AuthLimits;
  totpKeys: TotpKeys;
}

/** Settings → Security: the second factor and the signed-in sessions. */
export function securityRoutes(deps: SecurityDeps): Router {
  const { db, authLimits, totpKeys: keys } = deps;
  const router = Router();
  const audit = (req: Parameters<typeof requestMeta>[0], userId: string, event: AuditEvent) =>
    recordAudit(db, { userId, event, meta: requestMeta(req) });

  router.get(
    at(SECURITY_PATHS.twoFactor),
    handler({ auth: true }, ({ userId }) => twoFactorStatus({ db, userId })),
  );
  router.post(
    at(SECURITY_PATHS.twoFactorSetup),
    requireRecentAuth,
    handler({ auth: true }, ({ userId }) => setupTwoFactor({ db, keys, userId })),
  );
  router.post(
    at(SECURITY_PATHS.twoFactorEnable),
    requireRecentAuth,
    handler({ auth: true, body: ZCodeBody }, async ({ userId, body, req }) => {
      await authLimits.countCode(userId);
      const recoveryCodes = await enableTwoFactor({ db, keys, userId, code: body.code });
      await audit(req, userId, "two_factor_enabled");
      return { recoveryCodes };
    }),
  );
  router.post(
    at(SECURITY_PATHS.twoFactorDisable),
    requireRecentAuth,
    handler({ auth: true, body: ZCodeBody }, async ({ userId, body, req }) => {
      await authLimits.countCode(userId);
      await assertCanDropAuthenticator(db, userId);
      await checkSecondFactor({ db, keys, userId, code: body.code });
      await disableTwoFactor({ db, userId });
      await audit(req, userId, "two_factor_disabled");
      return { enabled: false };
    }),
  );
  router.post(
    at(SECURITY_PATHS.recoveryCodes),
    requireRecentAuth,
    handler({ auth: true, body: ZCodeBody }, async ({ userId, body, req }) => {
      await authLimits.countCode(userId);
      await checkSecondFactor({ db, keys, userId, code: body.code });
      const recoveryCodes = await regenerateRecoveryCodes({ db, userId });
      await audit(req, userId, "recovery_codes_regenerated");
      return { recoveryCodes };
    }),
  );

  router.get(
    at(SECURITY_PATHS.sessions),
    handler({ auth: true }, async ({ userId, req }) => ({
      sessions: await listSessions({ db, userId, currentSid: req.sessionID }),
    })),
  );
  router.delete(
    at(SECURITY_PATHS.sessions),
    handler({ auth: true }, async ({ userId, req }) => {
      const ended = await endOtherSessions({ db, userId, currentSid: req.sessionID });
      await recordAudit(db, {
        userId,
        event: "other_sessions_ended",
        meta: requestMeta(req),
        detail: { ended },
      });
      return { ended };
    }),
  );
  router.delete(
    at(SECURITY_PATHS.session),
    handler({ auth: true, params: ZSessionIdParams }, async ({ userId, params, req, res }) => {
      const { current } = await endSessionById({ db, userId, id: params.id, currentSid: req.sessionID });
      await recordAudit(db, { userId, event: "session_ended", meta: requestMeta(req), detail: { current } });
      if (current) {
        await endSession(req);
        res.clearCookie(SESSION_COOKIE);
      }
      return { ended: 1 };
    }),
  );
  return router;
}
