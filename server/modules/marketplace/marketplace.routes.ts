import { Router } from "express";
import {
  ZContactSellerBody,
  ZDomainIdParams,
  ZListDomainBody,
  ZMarkSoldBody,
  ZMessageIdParams,
} from "../../../shared/api/marketplace";
import type { AppDeps } from "../../deps";
import { handler, requireUser, userId } from "../../http/handler";
import { listDomain, listMarketplace, markSold, unlistDomain } from "./marketplace.service";
import { contactSeller, markMessageRead, sellerInbox } from "./seller-inbox.service";

export function marketplaceRoutes(deps: AppDeps): Router {
  const { db, mailer } = deps;
  const limit = deps.limits.marketplaceContacts;
  const inboxUrl = new URL("/marketplace", deps.config.appUrl).toString();
  const router = Router();
  router.use(requireUser);

  router.get(
    "/domains",
    handler({}, ({ req }) => listMarketplace({ db, userId: userId(req) })),
  );
  router.post(
    "/list",
    handler({ body: ZListDomainBody }, ({ body, req }) => listDomain({ db, userId: userId(req), ...body }), {
      status: 201,
    }),
  );
  router.delete(
    "/list/:domainId",
    handler({ params: ZDomainIdParams }, ({ params, req }) =>
      unlistDomain({ db, userId: userId(req), ...params }),
    ),
  );
  router.post(
    "/sold",
    handler({ body: ZMarkSoldBody }, ({ body, req }) => markSold({ db, userId: userId(req), ...body })),
  );
  router.post(
    "/contact",
    handler(
      { body: ZContactSellerBody },
      ({ body, req }) => contactSeller({ db, mailer, limit, inboxUrl, senderId: userId(req), ...body }),
      { status: 201 },
    ),
  );
  router.get(
    "/messages",
    handler({}, ({ req }) => sellerInbox({ db, userId: userId(req) })),
  );
  router.post(
    "/messages/:id/read",
    handler({ params: ZMessageIdParams }, ({ params, req }) =>
      markMessageRead({ db, userId: userId(req), messageId: params.id }),
    ),
  );
  return router;
}
