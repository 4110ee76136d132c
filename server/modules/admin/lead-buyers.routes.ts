import { Router } from "express";
import { z } from "zod";
import { ZLeadBuyerInput } from "../../../shared/api/lead-buyers";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import { buyerCalls, buyerInvoices } from "../lead-sales/buyer-console";
import { createBuyer, hasActiveBuyer, listBuyers, updateBuyer } from "../lead-sales/buyer-store";
import { recordStaffAction } from "./staff-gate";

const ZBuyerIdParams = z.object({ id: z.uuid("Unknown buyer") });

/** `/api/admin/lead-buyers`: who buys leads by ping-post, and each one's log (docs/money.md#lead-sales). */
export function leadBuyersAdminRoutes(deps: AppDeps): Router {
  const { db, leadSales } = deps;
  const router = Router();

  router.get(
    "/",
    handler({ auth: true }, async () => {
      await leadSales.ready();
      const buyers = await listBuyers(db);
      const mode = (await hasActiveBuyer(db))
        ? "buyers"
        : leadSales.settings.sandboxCredit === null
          ? "unsold"
          : "sandbox";
      return { buyers, mode };
    }),
  );
  router.post(
    "/",
    handler({ auth: true, body: ZLeadBuyerInput, status: 201 }, async ({ userId, body, req }) => {
      const created = await createBuyer(db, leadSales.secrets, body);
      await recordStaffAction(db, requestMeta(req), {
        staffId: userId,
        action: "lead_buyer.created",
        object: { kind: "lead_buyer", id: created.id },
        detail: { name: body.name },
      });
      return created;
    }),
  );
  router.put(
    "/:id",
    handler(
      { auth: true, params: ZBuyerIdParams, body: ZLeadBuyerInput },
      async ({ userId, params, body, req }) => {
        await updateBuyer(db, leadSales.secrets, params.id, body);
        await recordStaffAction(db, requestMeta(req), {
          staffId: userId,
          action: "lead_buyer.updated",
          object: { kind: "lead_buyer", id: params.id },
          detail: { name: body.name, active: body.active, secretChanged: Boolean(body.secret) },
        });
        return { id: params.id };
      },
    ),
  );
  router.get(
    "/:id/calls",
    handler({ auth: true, params: ZBuyerIdParams }, ({ params }) => buyerCalls(db, params.id)),
  );
  router.get(
    "/:id/invoices",
    handler({ auth: true, params: ZBuyerIdParams }, ({ params }) => buyerInvoices(db, params.id)),
  );
  return router;
}
