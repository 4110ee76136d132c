import { Router } from "express";
import type { AppDeps } from "../../deps";

export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/", (_req, res) => {
    res.json({ status: "ok", engine: deps.database.engine });
  });
  return router;
}
