import { type Request, Router } from "express";
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
  // Links in emails point at the configured public address; without one, at the address used.
  const appUrl = (req: Request) => deps.config.PUBLIC_URL ?? `${req.protocol}://${req.get("host")}`;

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
          appUrl: appUrl(req),
        });
      },
      { status: 201 },
    ),
  );
  return router;
}
