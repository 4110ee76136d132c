import { Router } from "express";
import {
  AFFILIATE_INVITE_PATH,
  AFFILIATE_STATS_PATH,
  AFFILIATES_PATH,
  CAMPAIGNS_PATH,
  LINK_ANALYTICS_PATH,
  ZInviteAffiliateBody,
  ZLinkAnalyticsQuery,
} from "../../../shared/api/affiliates";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { RateLimit } from "../../http/rate-limit";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import { affiliateStats, listAffiliates } from "./affiliates.service";
import { listCampaigns } from "./campaigns.service";
import { inviteAffiliate } from "./invite-affiliate";
import { linkAnalytics } from "./link-analytics";

const at = mountedAt("/api/affiliates");

export interface AffiliateDeps {
  db: Db;
  mailer: Mailer;
  limits: { affiliateInvites: RateLimit };
  config: Pick<Config, "appUrl">;
}

export function affiliateRoutes(deps: AffiliateDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(AFFILIATES_PATH),
    handler({ auth: true }, ({ userId }) => listAffiliates({ db, userId })),
  );
  router.get(
    at(AFFILIATE_STATS_PATH),
    handler({ auth: true }, ({ userId }) => affiliateStats({ db, userId })),
  );
  router.get(
    at(CAMPAIGNS_PATH),
    handler({ auth: true }, ({ userId }) => listCampaigns({ db, userId })),
  );
  router.get(
    at(LINK_ANALYTICS_PATH),
    handler({ auth: true, query: ZLinkAnalyticsQuery }, ({ userId, query }) =>
      linkAnalytics({ db, userId, days: query.days }),
    ),
  );
  router.post(
    at(AFFILIATE_INVITE_PATH),
    handler({ auth: true, body: ZInviteAffiliateBody, status: 201 }, async ({ userId, body }) => {
      await deps.limits.affiliateInvites.spend(userId);
      return inviteAffiliate({
        db,
        mailer: deps.mailer,
        userId,
        input: body,
        // Never the request's Host: a forged one would put an attacker's link in the mail.
        appUrl: deps.config.appUrl,
      });
    }),
  );
  return router;
}
