import { desc, eq } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import { ZTransactionIdParams } from "../../../shared/api/marketplace-deals";
import { marketplaceTransactions } from "../../../shared/schema";
import type { AppDeps } from "../../deps";
import { AppError, notFound } from "../../http/app-error";
import { handler } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import { completeSale } from "../marketplace/complete-sale";
import { paidInstalmentOrders } from "../marketplace/lease-payments";
import { saleConfigOf } from "../marketplace/sale-config";
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

  const disputed = async (id: string) => {
    const [row] = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.id, id));
    if (!row) throw notFound("Transaction");
    if (row.status !== "disputed") throw new AppError("CONFLICT", "Only a disputed sale is decided here.");
    return row;
  };

  router.post(
    "/:id/refund",
    handler(
      { auth: true, params: ZTransactionIdParams, body: ZDecisionBody },
      async ({ userId, params, body, req }) => {
        const row = await disputed(params.id);
        if (!row.orderId) throw new AppError("CONFLICT", "This sale has no payment to refund.");
        // A lease was paid in instalments: each paid one is refunded.
        const orders = row.kind === "lease" ? await paidInstalmentOrders(db, row) : [row.orderId];
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
        await disputed(params.id);
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(marketplaceTransactions)
            .where(eq(marketplaceTransactions.id, params.id))
            .for("update");
          if (row?.status !== "disputed")
            throw new AppError("CONFLICT", "Only a disputed sale is decided here.");
          await completeSale(tx, row, config);
          await recordStaffAction(tx, requestMeta(req), {
            staffId: userId,
            action: "sale.released",
            object: { kind: "marketplace_transaction", id: row.id },
            detail: { reason: body.reason },
          });
        });
        return { id: params.id, status: "completed" };
      },
    ),
  );
  return router;
}
