import { Router } from "express";
import { ZLeadBody } from "../../../shared/api/leads";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import { normalizeHost } from "../../lib/hostname";
import { deviceTokenOf } from "../auth/known-devices";
import { visitorIdOf } from "../experiments/assign-variant";
import { recordConversion } from "../experiments/track-visitors";
import { captureLead } from "./leads.service";

export function leadRoutes(deps: AppDeps): Router {
  const router = Router();
  const { config } = deps;
  router.post(
    "/",
    handler({ body: ZLeadBody, status: 201 }, async ({ body, req }) => {
      const answer = await captureLead({
        db: deps.db,
        mailer: deps.mailer,
        input: body,
        // Express reads X-Forwarded-Host and -For only from the proxies TRUST_PROXY names.
        host: req.hostname,
        visitor: {
          address: requestMeta(req).address,
          sessionUserId: req.session?.userId,
          deviceToken: deviceTokenOf(req),
        },
        limits: deps.limits.leads,
        leadValue: config.leadValue,
        holdDays: config.LEAD_HOLD_DAYS,
        domainDailyCap: config.LEADS_PER_DOMAIN_PER_DAY,
        quotesBaseUrl: config.QUOTES_URL,
      });
      // A lead is the goal of a split test of the parked page it was sent from.
      const visitorId = visitorIdOf(req.get("cookie"));
      if (visitorId)
        await recordConversion(deps.db, { host: normalizeHost(req.hostname), visitorId, goal: "lead" });
      return answer;
    }),
  );
  return router;
}
