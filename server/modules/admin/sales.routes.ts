import { desc, eq } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import { ZTransactionIdParams } from "../../../shared/api/marketplace-deals";
import { marketplaceTransactions } from "../../../shared/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import { saleConfigOf } from "../marketplace/sale-config";
import { disputedSale, paidOrdersOfSale, releaseDisputedSale } from "../marketplace/transactions.service";
import { recordStaffAction } from "./staff-gate";
import { refundOrderAsStaff } from "./staff-refund";

const ZDecisionBody = z.object({ reason: z.string().trim().min(1, "Say why.").max(2_000) });

/** `/api/admin/sales`: disputed escrow sales, which staff refund to the buyer or release to the seller. */
export function salesAdminRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const config = saleConfigOf(deps.config);
  const router = Router();

  router.get(
    "/disputes",
    handler({ auth: true }, async () => {
      const rows = await db
        .select()
        .from(marketplaceTransactions)
        .where(eq(marketplaceTransactions.status, "disputed"))
        .orderBy(desc(marketplaceTransactions.disputedAt))
        .limit(200);
      return rows.map((r) => ({
        id: r.id,
        domainName: r.domainName,
        amount: r.amount,
        buyerId: r.buyerId,
        sellerId: r.sellerId,
        protection: r.protection,
        paidAt: r.paidAt?.toISOString() ?? null,
        transferredAt: r.transferredAt?.toISOString() ?? null,
        disputedAt: r.disputedAt?.toISOString() ?? null,
        disputeReason: r.disputeReason,
      }));
    }),
  );

  router.post(
    "/:id/refund",
    handler(
      { auth: true, params: ZTransactionIdParams, body: ZDecisionBody },
      async ({ userId, params, body, req }) => {
        const row = await disputedSale(db, params.id);
        const orders = await paidOrdersOfSale(db, row);
        if (orders.length === 0) throw new AppError("CONFLICT", "This sale has no payment to refund.");
        for (const orderId of orders)
          await refundOrderAsStaff(deps, { staffId: userId, orderId, reason: body.reason });
        await recordStaffAction(db, requestMeta(req), {
          staffId: userId,
          action: "sale.refunded",
          object: { kind: "marketplace_transaction", id: row.id },
          detail: { reason: body.reason },
        });
        return { id: row.id, status: "refunded" };
      },
    ),
  );
  router.post(
    "/:id/release",
    handler(
      { auth: true, params: ZTransactionIdParams, body: ZDecisionBody },
      async ({ userId, params, body, req }) => {
        await releaseDisputedSale({
          db,
          id: params.id,
          config,
          audit: (tx) =>
            recordStaffAction(tx, requestMeta(req), {
              staffId: userId,
              action: "sale.released",
              object: { kind: "marketplace_transaction", id: params.id },
              detail: { reason: body.reason },
            }),
        });
        return { id: params.id, status: "completed" };
      },
    ),
  );
  return router;
}
