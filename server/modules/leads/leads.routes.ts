import { Router } from "express";
import { ZLeadBody } from "../../../shared/api/leads";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { createRateLimit, waitInWords } from "../../http/rate-limit";
import { captureLead, type LeadLimits } from "./leads.service";

const HOUR = 60 * 60;
const tooMany = (wait: number) => `Too many requests. Please try again in ${waitInWords(wait)}.`;

export function leadRoutes(deps: AppDeps): Router {
  const router = Router();
  const { config } = deps;
  const limits: LeadLimits = {
    perAddress: createRateLimit(deps.database.pool, {
      keyPrefix: "lead_address",
      points: config.LEADS_PER_ADDRESS_PER_HOUR,
      windowSeconds: HOUR,
      message: tooMany,
    }),
    perDomain: createRateLimit(deps.database.pool, {
      keyPrefix: "lead_domain",
      points: config.LEADS_PER_DOMAIN_PER_HOUR,
      windowSeconds: HOUR,
      message: tooMany,
    }),
  };
  router.post(
    "/",
    handler({ body: ZLeadBody, status: 201 }, ({ body, req }) =>
      captureLead({
        db: deps.db,
        input: body,
        // Express reads X-Forwarded-Host and -For only from the proxies TRUST_PROXY names.
        host: req.hostname,
        clientAddress: req.ip ?? "unknown",
        limits,
        leadValue: config.leadValue,
        holdDays: config.LEAD_HOLD_DAYS,
        quotesBaseUrl: config.QUOTES_URL,
      }),
    ),
  );
  return router;
}
