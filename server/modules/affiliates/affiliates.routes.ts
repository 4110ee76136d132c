import { type Request, Router } from "express";
import { ZInviteAffiliateBody } from "../../../shared/api/affiliates";
import type { AppDeps } from "../../deps";
import { handler, requireUser, userId } from "../../http/handler";
import { affiliateStats, listAffiliates } from "./affiliates.service";
import { inviteAffiliate } from "./invite-affiliate";

export function affiliateRoutes(deps: AppDeps): Router {
  const { db } = deps;
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
      ({ body, req }) =>
        inviteAffiliate({ db, mailer: deps.mailer, userId: userId(req), input: body, appUrl: appUrl(req) }),
      { status: 201 },
    ),
  );
  return router;
}
