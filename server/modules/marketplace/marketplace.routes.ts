import { Router } from "express";
import {
  marketplacePaths,
  ZContactSellerBody,
  ZDomainIdParams,
  ZLanderBody,
  ZListDomainBody,
  ZMarketplaceQuery,
  ZMarkSoldBody,
  ZMessageIdParams,
} from "../../../shared/api/marketplace/listings";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { RateLimit } from "../../http/rate-limit";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import { type DealDeps, dealRoutes } from "./deals.routes";
import {
  listDomain,
  listingTlds,
  listMarketplace,
  markSold,
  setLander,
  unlistDomain,
} from "./marketplace.service";
import { contactSeller, markMessageRead, sellerInbox } from "./seller-inbox.service";

const at = mountedAt("/api/marketplace");

export type MarketplaceDeps = DealDeps & {
  mailer: Mailer;
  limits: { marketplaceContacts: RateLimit };
  config: Pick<Config, "appUrl">;
};

export function marketplaceRoutes(
  deps: MarketplaceDeps,
  invalidatePage: (domainName: string) => void = () => {},
): Router {
  const { db, mailer } = deps;
  const limit = deps.limits.marketplaceContacts;
  const inboxUrl = new URL("/marketplace", deps.config.appUrl).toString();
  const router = Router();

  router.get(
    at(marketplacePaths.domains),
    handler({ auth: true, query: ZMarketplaceQuery }, async ({ userId, query, res }) => {
      const page = await listMarketplace({ db, userId, query });
      if (page.nextCursor) res.setHeader("X-Next-Cursor", page.nextCursor);
      res.setHeader("X-Total-Count", String(page.total));
      return page.data;
    }),
  );
  router.get(
    at(marketplacePaths.tlds),
    handler({ auth: true }, () => listingTlds(db)),
  );
  router.post(
    at(marketplacePaths.list),
    handler({ auth: true, body: ZListDomainBody, status: 201 }, ({ userId, body }) =>
      listDomain({ db, userId, ...body }),
    ),
  );
  router.delete(
    at(marketplacePaths.unlist),
    handler({ auth: true, params: ZDomainIdParams }, ({ userId, params }) =>
      unlistDomain({ db, userId, ...params }),
    ),
  );
  router.put(
    at(marketplacePaths.lander),
    handler({ auth: true, params: ZDomainIdParams, body: ZLanderBody }, async ({ userId, params, body }) => {
      const { name, ...answer } = await setLander({
        db,
        userId,
        domainId: params.domainId,
        shown: body.shown,
      });
      invalidatePage(name);
      return answer;
    }),
  );
  router.post(
    at(marketplacePaths.sold),
    handler({ auth: true, body: ZMarkSoldBody }, ({ userId, body }) => markSold({ db, userId, ...body })),
  );
  router.post(
    at(marketplacePaths.contact),
    handler({ auth: true, body: ZContactSellerBody, status: 201 }, ({ userId, body }) =>
      contactSeller({ db, mailer, limit, inboxUrl, senderId: userId, ...body }),
    ),
  );
  router.get(
    at(marketplacePaths.messages),
    handler({ auth: true }, ({ userId }) => sellerInbox({ db, userId })),
  );
  router.post(
    at(marketplacePaths.readMessage),
    handler({ auth: true, params: ZMessageIdParams }, ({ userId, params }) =>
      markMessageRead({ db, userId, messageId: params.id }),
    ),
  );
  router.use(dealRoutes(deps, invalidatePage));
  return router;
}
