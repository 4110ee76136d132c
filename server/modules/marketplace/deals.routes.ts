import { Router } from "express";
import {
  marketplaceDealPaths,
  ZCounterOfferBody,
  ZDisputeBody,
  ZDisputeStatementBody,
  ZLeaseQuoteQuery,
  ZLeaseRedirectBody,
  ZListingIdParams,
  ZMakeOfferBody,
  ZNewsletterBody,
  ZOfferFloorBody,
  ZOfferIdParams,
  ZOffersQuery,
  ZOpenTransactionBody,
  ZTransactionIdParams,
} from "../../../shared/api/marketplace/deals";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { OwnershipChecker } from "../domains/check-ownership";
import { quoteLease } from "./lease-terms";
import { getNewsletter, setNewsletter } from "./listings-newsletter";
import {
  acceptOffer,
  counterOffer,
  declineOffer,
  listOffers,
  makeOffer,
  setOfferFloor,
  withdrawOffer,
} from "./offers.service";
import { publicListing } from "./public-listings";
import { type SaleConfigFields, saleConfigOf } from "./sale-config";
import {
  acceptTransaction,
  cancelTransaction,
  confirmTransfer,
  disputeTransaction,
  getTransaction,
  listTransactions,
  openTransaction,
  setLeaseRedirect,
  submitDisputeStatement,
} from "./transactions.service";

const at = mountedAt("/api/marketplace");

export interface DealDeps {
  db: Db;
  ownership: OwnershipChecker;
  config: SaleConfigFields;
}

/**
 * Offers and escrow sales between a buyer and a seller (docs/marketplace.md). `invalidatePage`
 * clears a domain's cached parked page when a lessee changes what it serves.
 */
export function dealRoutes(deps: DealDeps, invalidatePage: (domainName: string) => void): Router {
  const { db } = deps;
  const config = saleConfigOf(deps.config);
  const router = Router();
  const offer = { auth: true, params: ZOfferIdParams } as const;
  const sale = { auth: true, params: ZTransactionIdParams } as const;

  router.get(
    at(marketplaceDealPaths.offers),
    handler({ auth: true, query: ZOffersQuery }, ({ userId, query }) =>
      listOffers({ db, userId, role: query.role }),
    ),
  );
  router.post(
    at(marketplaceDealPaths.offers),
    handler({ auth: true, body: ZMakeOfferBody, status: 201 }, ({ userId, body }) =>
      makeOffer({ db, userId, ...body }),
    ),
  );
  router.post(
    at(marketplaceDealPaths.counter),
    handler({ ...offer, body: ZCounterOfferBody, status: 201 }, ({ userId, params, body, req }) =>
      counterOffer({ db, userId, offerId: params.id, amount: body.amount, member: Boolean(req.portfolio) }),
    ),
  );
  router.post(
    at(marketplaceDealPaths.accept),
    handler(offer, ({ userId, params, req }) =>
      acceptOffer({ db, userId, offerId: params.id, member: Boolean(req.portfolio) }),
    ),
  );
  router.post(
    at(marketplaceDealPaths.decline),
    handler(offer, ({ userId, params, req }) =>
      declineOffer({ db, userId, offerId: params.id, member: Boolean(req.portfolio) }),
    ),
  );
  router.post(
    at(marketplaceDealPaths.withdraw),
    handler(offer, ({ userId, params }) => withdrawOffer({ db, userId, offerId: params.id })),
  );
  router.post(
    at(marketplaceDealPaths.floor),
    handler({ auth: true, body: ZOfferFloorBody }, ({ userId, body }) =>
      setOfferFloor({ db, userId, ...body }),
    ),
  );

  router.get(
    at(marketplaceDealPaths.newsletter),
    handler({ auth: true }, ({ userId }) => getNewsletter({ db, userId })),
  );
  router.put(
    at(marketplaceDealPaths.newsletter),
    handler({ auth: true, body: ZNewsletterBody }, ({ userId, body }) =>
      setNewsletter({ db, userId, subscribed: body.subscribed }),
    ),
  );
  router.get(
    at(marketplaceDealPaths.listing),
    handler({ auth: true, params: ZListingIdParams }, async ({ params }) => {
      const listing = await publicListing(db, { id: params.id });
      if (!listing) throw notFound("Listing");
      return listing;
    }),
  );

  router.get(
    at(marketplaceDealPaths.transactions),
    handler({ auth: true }, ({ userId }) => listTransactions({ db, userId })),
  );
  router.post(
    at(marketplaceDealPaths.transactions),
    handler({ auth: true, body: ZOpenTransactionBody, status: 201 }, ({ userId, body }) =>
      openTransaction({ db, userId, input: body, config }),
    ),
  );
  router.get(
    at(marketplaceDealPaths.transaction),
    handler(sale, ({ userId, params }) => getTransaction({ db, userId, id: params.id })),
  );
  router.post(
    at(marketplaceDealPaths.confirmTransfer),
    handler(sale, ({ userId, params }) =>
      confirmTransfer({ db, checker: deps.ownership, userId, id: params.id }),
    ),
  );
  router.post(
    at(marketplaceDealPaths.acceptTransaction),
    handler(sale, ({ userId, params }) => acceptTransaction({ db, userId, id: params.id, config })),
  );
  router.post(
    at(marketplaceDealPaths.dispute),
    handler({ ...sale, body: ZDisputeBody }, ({ userId, params, body }) =>
      disputeTransaction({ db, userId, id: params.id, reason: body.reason }),
    ),
  );
  router.post(
    at(marketplaceDealPaths.statement),
    handler({ ...sale, body: ZDisputeStatementBody }, ({ userId, params, body }) =>
      submitDisputeStatement({ db, userId, id: params.id, statement: body.statement }),
    ),
  );
  router.get(
    at(marketplaceDealPaths.leaseQuote),
    handler({ auth: true, params: ZListingIdParams, query: ZLeaseQuoteQuery }, ({ params, query }) =>
      quoteLease({ db, domainId: params.id, months: query.months }),
    ),
  );
  router.put(
    at(marketplaceDealPaths.leaseRedirect),
    handler({ ...sale, body: ZLeaseRedirectBody }, async ({ userId, params, body }) => {
      const lease = await setLeaseRedirect({ db, userId, id: params.id, url: body.url });
      invalidatePage(lease.domainName);
      return lease;
    }),
  );
  router.post(
    at(marketplaceDealPaths.cancel),
    handler(sale, ({ userId, params }) => cancelTransaction({ db, userId, id: params.id })),
  );
  return router;
}
