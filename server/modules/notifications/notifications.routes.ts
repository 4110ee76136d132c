import { Router } from "express";
import {
  NOTIFICATIONS_PATHS,
  ZMarkNotificationsRead,
  ZNotificationsQuery,
} from "../../../shared/api/notifications";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { versionedRead } from "../../http/versioned-read";
import { listNotifications, markNotificationsRead } from "./notifications.service";

const at = mountedAt("/api/notifications");

export interface NotificationDeps {
  db: Db;
}

export function notificationRoutes(deps: NotificationDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(NOTIFICATIONS_PATHS.list),
    // Polled by the bell: answered 304 from the account's version while nothing changed.
    versionedRead(db),
    handler({ auth: true, query: ZNotificationsQuery }, ({ userId, query }) =>
      listNotifications({ db, userId, limit: query.limit }),
    ),
  );

  router.post(
    at(NOTIFICATIONS_PATHS.read),
    handler({ auth: true, body: ZMarkNotificationsRead }, ({ userId, body }) =>
      markNotificationsRead({ db, userId, input: body }),
    ),
  );

  return router;
}
