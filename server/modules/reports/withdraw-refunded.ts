import { eq } from "drizzle-orm";
import { reports, type ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";

/** A refunded or disputed order takes back the reports it paid for: they stay listed, emptied. */
export async function withdrawRefundedReports(tx: Tx, order: ServiceOrder): Promise<void> {
  await tx
    .update(reports)
    .set({ status: "failed", content: null, error: "The order was refunded.", updatedAt: new Date() })
    .where(eq(reports.orderId, order.id));
}
