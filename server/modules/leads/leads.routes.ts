import { Router } from "express";
import { ZLeadBody } from "../../../shared/api/leads";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { captureLead } from "./leads.service";

export function leadRoutes(deps: AppDeps): Router {
  const router = Router();
  const { config } = deps;
  router.post(
    "/",
    handler({ body: ZLeadBody, status: 201 }, ({ body, req }) =>
      captureLead({
        db: deps.db,
        mailer: deps.mailer,
        input: body,
        // Express reads X-Forwarded-Host and -For only from the proxies TRUST_PROXY names.
        host: req.hostname,
        clientAddress: req.ip ?? "unknown",
        limits: deps.limits.leads,
        leadValue: config.leadValue,
        holdDays: config.LEAD_HOLD_DAYS,
        quotesBaseUrl: config.QUOTES_URL,
      }),
    ),
  );
  return router;
}
