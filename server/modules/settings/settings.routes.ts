import { Router } from "express";
import { ZNotificationSettings } from "../../../shared/api/settings";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { planUsage } from "../plans/plan-limits";
import { getAccountSettings, getNotificationSettings, updateNotificationSettings } from "./settings.service";

export interface SettingsDeps {
  db: Db;
}

export function settingsRoutes(deps: SettingsDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/notifications",
    handler({ auth: true }, ({ userId }) => getNotificationSettings({ db, userId })),
  );

  router.put(
    "/notifications",
    handler({ auth: true, body: ZNotificationSettings }, ({ userId, body }) =>
      updateNotificationSettings({ db, userId, input: body }),
    ),
  );

  router.get(
    "/account",
    handler({ auth: true }, ({ userId }) => getAccountSettings({ db, userId })),
  );

  router.get(
    "/plan",
    handler({ auth: true }, ({ userId }) => planUsage(db, userId)),
  );

  return router;
}
