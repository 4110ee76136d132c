import { Router } from "express";
import { OFFER_KEYS, OFFERS } from "../../../shared/catalog";
import { handler } from "../../http/handler";
import { checkRepeatPurchase, type RepeatPurchaseDeps } from "../billing/repeat-purchase";
import { createOrder } from "./purchases.service";

const API_PREFIX = "/api";

export type PurchaseDeps = RepeatPurchaseDeps;

/** Every purchase path of the catalogue, registered in one loop, all served by one handler. */
export function purchaseRoutes(deps: PurchaseDeps): Router {
  const router = Router();
  for (const offerKey of OFFER_KEYS) {
    const offer = OFFERS[offerKey];
    router.post(
      offer.path.slice(API_PREFIX.length),
      handler({ auth: true, status: 201 }, ({ userId, req }) =>
        createOrder({
          db: deps.db,
          userId,
          offerKey,
          offer,
          input: req.body ?? {},
          repeat: (purchase) => checkRepeatPurchase(deps, purchase),
        }),
      ),
    );
  }
  return router;
}
