import { Router } from "express";
import type { Database } from "../../db/pool";

/** What these routes need of the app, handed the app's dependencies. */
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
