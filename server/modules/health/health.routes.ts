import { Router } from "express";
import { HEALTH_PATHS } from "../../../shared/api/health";
import type { Database } from "../../db/pool";
import { mountedAt } from "../../http/mounted-at";

const at = mountedAt("/api/health");

export interface HealthDeps {
  database: Pick<Database, "engine">;
}

export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get(at(HEALTH_PATHS.health), (_req, res) => {
    res.json({ status: "ok", engine: deps.database.engine });
  });
  return router;
}
