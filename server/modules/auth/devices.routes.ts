import { Router } from "express";
import {
  DEVICE_PATHS,
  ZApproveByLinkBody,
  ZDeviceIdParams,
  ZRenameDeviceBody,
} from "../../../shared/api/auth/devices";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { SESSION_COOKIE } from "../../http/session";
import { endSession } from "../../http/session-helpers";
import { recordAudit } from "../audit/audit-log";
import { hasAddOn, requireAddOn } from "../entitlements/require-add-on";
import { approveDeviceById, approveDeviceByLink } from "./device-approval";
import { listDevices, renameDevice, revokeDevice } from "./devices.service";
import { resumeApprovedSignIn } from "./sign-in";
import type { SignInDeps } from "./sign-in-step";

const at = mountedAt("/api/auth");

export type DeviceDeps = SignInDeps;

/**
 * Settings → Security → Devices: every account sees the devices it signed in on; the
 * device-management add-on names them, revokes them and approves new ones (docs/security.md#accounts-and-sign-in).
 */
export function deviceRoutes(deps: DeviceDeps): Router {
  const { db, authLimits } = deps;
  const router = Router();

  router.get(
    at(DEVICE_PATHS.devices),
    handler({ auth: true }, async ({ userId, req }) => ({
      devices: await listDevices(db, userId, req.session.deviceId),
      manage: await hasAddOn(db, userId, "device-management"),
    })),
  );
  // The mailed link's page: no session needed, the token is the proof; counted like a code.
  router.post(
    at(DEVICE_PATHS.approveByLink),
    handler({ body: ZApproveByLinkBody }, async ({ body, req }) => {
      await authLimits.countCode(`device-link:${requestMeta(req).address}`);
      return approveDeviceByLink({ db, req, token: body.token });
    }),
  );
  router.post(
    at(DEVICE_PATHS.approve),
    requireAddOn("device-management", db),
    handler({ auth: true, params: ZDeviceIdParams }, ({ userId, params, req }) =>
      approveDeviceById({ db, req, userId, id: params.id }),
    ),
  );
  router.patch(
    at(DEVICE_PATHS.device),
    requireAddOn("device-management", db),
    handler(
      { auth: true, params: ZDeviceIdParams, body: ZRenameDeviceBody },
      async ({ userId, params, body, req }) => {
        await renameDevice(db, userId, params.id, body.name);
        await recordAudit(db, {
          userId,
          event: "device_renamed",
          meta: requestMeta(req),
          detail: { deviceId: params.id },
        });
        return { devices: await listDevices(db, userId, req.session.deviceId), manage: true };
      },
    ),
  );
  router.delete(
    at(DEVICE_PATHS.device),
    requireAddOn("device-management", db),
    handler({ auth: true, params: ZDeviceIdParams }, async ({ userId, params, req, res }) => {
      const current = req.session.deviceId === params.id;
      const { endedSessions } = await revokeDevice(db, userId, params.id);
      await recordAudit(db, {
        userId,
        event: "device_revoked",
        meta: requestMeta(req),
        detail: { deviceId: params.id, endedSessions },
      });
      if (current) {
        await endSession(req);
        res.clearCookie(SESSION_COOKIE);
      }
      return { endedSessions, current };
    }),
  );
  // Polled by a sign-in that waits for its device to be approved.
  router.post(
    at(DEVICE_PATHS.approval),
    handler({}, ({ req, res }) => resumeApprovedSignIn(deps, { req, res })),
  );
  return router;
}
