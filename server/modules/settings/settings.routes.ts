import { Router } from "express";
import { ZNotificationSettings } from "../../../shared/api/settings";
import type { AppDeps } from "../../deps";
import { handler, userId } from "../../http/handler";
import { getAccountSettings, getNotificationSettings, updateNotificationSettings } from "./settings.service";

export function settingsRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/notifications",
    handler({}, ({ req }) => getNotificationSettings({ db, userId: userId(req) })),
  );

  router.put(
    "/notifications",
    handler({ body: ZNotificationSettings }, ({ body, req }) =>
      updateNotificationSettings({ db, userId: userId(req), input: body }),
    ),
  );

  router.get(
    "/account",
    handler({}, ({ req }) => getAccountSettings({ db, userId: userId(req) })),
  );

  return router;
}
