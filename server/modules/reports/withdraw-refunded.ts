import { eq } from "drizzle-orm";
import { reports, type ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { OrderEffects } from "../../payments/on-paid-effects";

/** A refunded or disputed order takes back the reports it paid for: they stay listed, emptied. */
export async function withdrawRefundedReports(tx: Tx, order: ServiceOrder): Promise<void> {
  await tx
    .update(reports)
    .set({ status: "failed", content: null, error: "The order was refunded.", updatedAt: new Date() })
    .where(eq(reports.orderId, order.id));
}

/** A refunded order's reports are withdrawn, whichever area queued them. */
export const reportOrderEffects: OrderEffects = { onRefunded: withdrawRefundedReports };
