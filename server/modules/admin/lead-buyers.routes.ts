import { Router } from "express";
import { z } from "zod";
import {
  ADMIN_LEAD_BUYERS_PATHS,
  ZIssueLeadInvoiceBody,
  ZLeadBuyerInput,
} from "../../../shared/api/lead-sales";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { buyerCalls, buyerInvoices, voidInvoice } from "../lead-sales/buyer-console";
import { createBuyer, hasActiveBuyer, listBuyers, updateBuyer } from "../lead-sales/buyer-store";
import { issueInvoice } from "../lead-sales/issue-invoice";
import type { LeadSales } from "../lead-sales/lead-sales";
import { recordStaffAction } from "./staff-gate";

const at = mountedAt("/api/admin/lead-buyers");

const ZBuyerIdParams = z.object({ id: z.uuid("Unknown buyer") });
const ZInvoiceParams = ZBuyerIdParams.extend({ invoiceId: z.uuid("Unknown invoice") });

export interface LeadBuyersAdminDeps {
  db: Db;
  leadSales: LeadSales;
}

/** `/api/admin/lead-buyers`: who buys leads by ping-post, and each one's log (docs/money.md#lead-sales). */
export function leadBuyersAdminRoutes(deps: LeadBuyersAdminDeps): Router {
  const { db, leadSales } = deps;
  const router = Router();

  router.get(
    at(ADMIN_LEAD_BUYERS_PATHS.list),
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
    at(ADMIN_LEAD_BUYERS_PATHS.list),
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
    at(ADMIN_LEAD_BUYERS_PATHS.one),
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
    at(ADMIN_LEAD_BUYERS_PATHS.calls),
    handler({ auth: true, params: ZBuyerIdParams }, ({ params }) => buyerCalls(db, params.id)),
  );
  router.get(
    at(ADMIN_LEAD_BUYERS_PATHS.invoices),
    handler({ auth: true, params: ZBuyerIdParams }, ({ params }) => buyerInvoices(leadSales, params.id)),
  );
  router.post(
    at(ADMIN_LEAD_BUYERS_PATHS.invoices),
    handler(
      { auth: true, params: ZBuyerIdParams, body: ZIssueLeadInvoiceBody },
      async ({ userId, params, body, req, res }) => {
        const issued = await issueInvoice(leadSales, {
          buyerId: params.id,
          month: body.month,
          staffId: userId,
        });
        if (!issued)
          throw new AppError("UNPROCESSABLE", `The buyer kept no lead in ${body.month} to invoice`);
        if (issued.created) {
          await recordStaffAction(db, requestMeta(req), {
            staffId: userId,
            action: "lead_invoice.issued",
            object: { kind: "lead_invoice", id: issued.invoice.id },
            detail: { buyerId: params.id, month: body.month, total: issued.invoice.total },
          });
        }
        res.status(issued.created ? 201 : 200).json(issued.invoice);
      },
    ),
  );
  router.post(
    at(ADMIN_LEAD_BUYERS_PATHS.voidInvoice),
    handler({ auth: true, params: ZInvoiceParams }, async ({ userId, params, req }) => {
      await voidInvoice(leadSales, params.id, params.invoiceId);
      await recordStaffAction(db, requestMeta(req), {
        staffId: userId,
        action: "lead_invoice.voided",
        object: { kind: "lead_invoice", id: params.invoiceId },
        detail: { buyerId: params.id },
      });
      return { id: params.invoiceId, status: "void" };
    }),
  );
  return router;
}
