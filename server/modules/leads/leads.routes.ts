import { Router } from "express";
import { ZLeadBody } from "../../../shared/api/leads";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { captureLead } from "./leads.service";

export function leadRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post(
    "/",
    handler(
      { body: ZLeadBody },
      ({ body, req }) =>
        captureLead({ db: deps.db, input: body, host: req.hostname, quotesBaseUrl: deps.config.QUOTES_URL }),
      { status: 201 },
    ),
  );
  return router;
}
