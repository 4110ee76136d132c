import express, { Router } from "express";
import { LEAD_BUYER_HEADER, LEAD_RETURNS_PATH, LEAD_SIGNATURE_HEADER } from "../../../shared/api/lead-sales";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { returnFromBuyer } from "./buyer-returns";
import type { LeadSales } from "./lead-sales";

const at = mountedAt("/api/webhooks/lead-returns");

export interface LeadReturnDeps {
  leadSales: LeadSales;
}

/** `POST /api/webhooks/lead-returns`: a buyer returns a lead, signed with its secret. Mounted before the JSON parser (the signature covers the raw bytes). */
export function leadReturnRoutes(deps: LeadReturnDeps): Router {
  const router = Router();
  router.post(
    at(LEAD_RETURNS_PATH),
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
