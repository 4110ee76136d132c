import { and, desc, eq, sql } from "drizzle-orm";
import type { TPendingOrder } from "../../../shared/api/billing";
import { serviceOrders } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Orders the user started and never paid (renewals due included), newest first. */
export async function listPendingOrders(options: { db: Db; userId: string }): Promise<TPendingOrder[]> {
  const rows = await options.db
    .select()
    .from(serviceOrders)
    .where(and(eq(serviceOrders.userId, options.userId), eq(serviceOrders.status, "pending")))
    .orderBy(desc(serviceOrders.createdAt))
    .limit(100);
  return rows.map((o) => ({
    id: o.id,
    description: o.description,
    price: o.price,
    createdAt: o.createdAt.toISOString(),
  }));
}

/** An unpaid order the user no longer wants: it is cancelled and can no longer be paid. */
export async function cancelPendingOrder(options: {
  db: Db;
  userId: string;
  orderId: string;
}): Promise<void> {
  if (!UUID.test(options.orderId)) throw notFound("Service order");
  const [order] = await options.db
    .select({ status: serviceOrders.status })
    .from(serviceOrders)
    .where(and(eq(serviceOrders.id, options.orderId), eq(serviceOrders.userId, options.userId)));
  if (!order) throw notFound("Service order");
  if (order.status !== "pending") throw new AppError("CONFLICT", "Only an unpaid order can be cancelled.");
  await options.db.transaction(async (tx) => {
    await tx
      .update(serviceOrders)
      .set({ status: "cancelled" })
      .where(and(eq(serviceOrders.id, options.orderId), eq(serviceOrders.status, "pending")));
    await tx.execute(
      sql`update domain_services set status = 'cancelled' where order_id = ${options.orderId}`,
    );
  });
}
