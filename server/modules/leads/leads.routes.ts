import { Router } from "express";
import { LEADS_PATH, LEADS_SUMMARY_PATH, ZLeadBody } from "../../../shared/api/leads/leads";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { RateLimit } from "../../http/rate-limit";
import { requestMeta } from "../../http/request-meta";
import type { Config } from "../../lib/config";
import { normalizeHost } from "../../lib/hostname";
import { deviceTokenOf } from "../auth/known-devices";
import type { LeadSales } from "../lead-sales/lead-sales";
import { visitorIds } from "../parked-pages/assign-variant";
import { recordConversion } from "../parked-pages/track-visitors";
import { leadSummary } from "./lead-summary";
import { captureLead } from "./leads.service";

const at = mountedAt("/api/leads");

/**
 * The page the form was sent from, as the consent record keeps it and buyers are shown: the page
 * the server serves on the lead's host (the landing page or a parked page, both at its root),
 * never an address the request names.
 */
const consentPage = (req: { protocol: string; hostname: string }) =>
  `${req.protocol}://${normalizeHost(req.hostname)}/`;

export interface LeadDeps {
  db: Db;
  leadSales: LeadSales;
  limits: { leads: { perAddress: RateLimit; perDomain: RateLimit } };
  config: Pick<Config, "LEADS_PER_DOMAIN_PER_DAY" | "QUOTES_URL" | "sessionSecret">;
}

export function leadRoutes(deps: LeadDeps): Router {
  const router = Router();
  const { config } = deps;
  const visitors = visitorIds(config.sessionSecret);
  router.post(
    at(LEADS_PATH),
    handler({ body: ZLeadBody, status: 201 }, async ({ body, req }) => {
      const answer = await captureLead({
        db: deps.db,
        input: body,
        // Express reads X-Forwarded-Host and -For only from the proxies TRUST_PROXY names.
        host: req.hostname,
        visitor: {
          address: requestMeta(req).address,
          sessionUserId: req.session?.userId,
          deviceToken: deviceTokenOf(req),
        },
        consent: {
          pageUrl: consentPage(req),
          ip: requestMeta(req).address,
          userAgent: (req.get("user-agent") ?? "").slice(0, 500),
        },
        limits: deps.limits.leads,
        sales: deps.leadSales,
        domainDailyCap: config.LEADS_PER_DOMAIN_PER_DAY,
        quotesBaseUrl: config.QUOTES_URL,
      });
      // A lead is the goal of a split test of the parked page it was sent from.
      const host = normalizeHost(req.hostname);
      const visitorId = visitors.read(req.get("cookie"), host);
      if (visitorId) await recordConversion(deps.db, { host, visitorId, goal: "lead" });
      return answer;
    }),
  );
  router.get(
    at(LEADS_SUMMARY_PATH),
    handler({ auth: true }, ({ userId }) => leadSummary(deps.db, userId)),
  );
  return router;
}
