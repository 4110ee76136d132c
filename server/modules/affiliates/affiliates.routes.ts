import { Router } from "express";
import { ZInviteAffiliateBody } from "../../../shared/api/affiliates";
import type { AppDeps } from "../../deps";
import { handler, requireUser, userId } from "../../http/handler";
import { affiliateStats, listAffiliates } from "./affiliates.service";
import { inviteAffiliate } from "./invite-affiliate";
import { createInviteLimit } from "./invite-limit";

export function affiliateRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const inviteLimit = createInviteLimit(deps.database.pool);
  const router = Router();
  router.use(requireUser);

  router.get(
    "/",
    handler({}, ({ req }) => listAffiliates({ db, userId: userId(req) })),
  );
  router.get(
    "/stats",
    handler({}, ({ req }) => affiliateStats({ db, userId: userId(req) })),
  );
  router.post(
    "/invite",
    handler(
      { body: ZInviteAffiliateBody },
      async ({ body, req }) => {
        const inviter = userId(req);
        await inviteLimit.spend(inviter);
        return inviteAffiliate({
          db,
          mailer: deps.mailer,
          userId: inviter,
          input: body,
          // Never the request's Host: a forged one would put an attacker's link in the mail.
          appUrl: deps.config.appUrl,
        });
      },
      { status: 201 },
    ),
  );
  return router;
}
