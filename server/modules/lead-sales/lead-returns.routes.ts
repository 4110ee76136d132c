import express, { Router } from "express";
import { LEAD_BUYER_HEADER, LEAD_SIGNATURE_HEADER } from "../../../shared/api/lead-sales";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { returnFromBuyer } from "./buyer-returns";

/** `POST /api/webhooks/lead-returns`: a buyer returns a lead, signed with its secret. Mounted before the JSON parser (the signature covers the raw bytes). */
export function leadReturnRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post(
    "/",
    express.raw({ type: () => true, limit: "16kb" }),
    handler({}, ({ req }) =>
      returnFromBuyer(deps.leadSales, {
        buyerId: req.get(LEAD_BUYER_HEADER),
        signature: req.get(LEAD_SIGNATURE_HEADER),
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      }),
    ),
  );
  return router;
}
