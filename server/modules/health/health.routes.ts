import { Router } from "express";
import { HEALTH_PATHS } from "../../../shared/api/health";
import type { AppDeps } from "../../deps";
import { mountedAt } from "../../http/mounted-at";

const at = mountedAt("/api/health");

export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get(at(HEALTH_PATHS.health), (_req, res) => {
    res.json({ status: "ok", engine: deps.database.engine });
  });
  return router;
}
