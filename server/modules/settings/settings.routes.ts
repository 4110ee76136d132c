import { Router } from "express";
import { PLAN_USAGE_PATH } from "../../../shared/api/plans";
import {
  ACCOUNT_SETTINGS_PATH,
  NOTIFICATION_SETTINGS_PATH,
  ZNotificationSettings,
} from "../../../shared/api/settings";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { planUsage } from "../plans/plan-limits";
import { getAccountSettings, getNotificationSettings, updateNotificationSettings } from "./settings.service";

const at = mountedAt("/api/settings");

export interface SettingsDeps {
  db: Db;
}

export function settingsRoutes(deps: SettingsDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(NOTIFICATION_SETTINGS_PATH),
    handler({ auth: true }, ({ userId }) => getNotificationSettings({ db, userId })),
  );

  router.put(
    at(NOTIFICATION_SETTINGS_PATH),
    handler({ auth: true, body: ZNotificationSettings }, ({ userId, body }) =>
      updateNotificationSettings({ db, userId, input: body }),
    ),
  );

  router.get(
    at(ACCOUNT_SETTINGS_PATH),
    handler({ auth: true }, ({ userId }) => getAccountSettings({ db, userId })),
  );

  router.get(
    at(PLAN_USAGE_PATH),
    handler({ auth: true }, ({ userId }) => planUsage(db, userId)),
  );

  return router;
}
