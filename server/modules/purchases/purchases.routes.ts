import { Router } from "express";
import { OFFER_KEYS, OFFERS } from "../../../shared/catalog";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { checkRepeatPurchase, type RepeatPurchaseDeps } from "../billing/repeat-purchase";
import { createOrder } from "./purchases.service";

const at = mountedAt("/api");

export type PurchaseDeps = RepeatPurchaseDeps;

/** Every purchase path of the catalogue, registered in one loop, all served by one handler. */
export function purchaseRoutes(deps: PurchaseDeps): Router {
  const router = Router();
  for (const offerKey of OFFER_KEYS) {
    const offer = OFFERS[offerKey];
    router.post(
      at(offer.path),
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
