import { and, eq } from "drizzle-orm";
import { serviceOrders } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One of the user's service orders, whole; another user's order, or no order, is "not found". */
export async function ownServiceOrder(options: { db: Db; userId: string; orderId: string }) {
  if (!UUID.test(options.orderId)) throw notFound("Service order");
  const [order] = await options.db
    .select()
    .from(serviceOrders)
    .where(and(eq(serviceOrders.id, options.orderId), eq(serviceOrders.userId, options.userId)));
  if (!order) throw notFound("Service order");
  return order;
}
