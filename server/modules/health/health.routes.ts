import { Router } from "express";
import type { Database } from "../../db/pool";

export interface HealthDeps {
  database: Pick<Database, "engine">;
}

export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get("/", (_req, res) => {
    res.json({ status: "ok", engine: deps.database.engine });
  });
  return router;
}
