import { and, eq, inArray } from "drizzle-orm";
import { paymentIds, type ServiceOrder } from "../../shared/schema";
import type { Db } from "../db/pool";
import type { Tx } from "../db/tx";
import type { PaymentIdKind } from "./money-effects";

/** What kind of id a provider's payment id is, told by the provider and, for Stripe, its prefix. */
export function idKindOf(provider: string, id: string): PaymentIdKind {
  if (provider === "sandbox") return "sandbox";
  if (provider === "paypal") return "capture";
  if (id.startsWith("in_")) return "invoice";
  if (id.startsWith("ch_") || id.startsWith("py_")) return "charge";
  if (id.startsWith("cs_")) return "checkout_session";
  return "payment_intent";
}

/** What one payment paid: a service order or a lead invoice. */
export type PaidThing =
  | { orderId: string; invoiceId?: undefined }
  | { invoiceId: string; orderId?: undefined };

/**
 * Keeps every id a provider gave one payment, each naming what it paid, so that a refund or a
 * dispute naming any of them finds it. An id kept before keeps what it named.
 */
export async function recordPaymentIds(
  tx: Tx,
  payment: { provider: string; ids: { id: string; kind: PaymentIdKind }[]; paid: PaidThing },
): Promise<void> {
  const ids = payment.ids.filter((p) => p.id !== "");
  if (ids.length === 0) return;
  await tx
    .insert(paymentIds)
    .values(
      ids.map((p) => ({
        provider: payment.provider,
        providerId: p.id,
        kind: p.kind,
        orderId: payment.paid.orderId ?? null,
        invoiceId: payment.paid.invoiceId ?? null,
      })),
    )
    .onConflictDoNothing();
}

/** What a payment known by any of `ids` paid, or null when none of them is known. */
export async function findPaid(tx: Db | Tx, provider: string, ids: string[]): Promise<PaidThing | null> {
  const known = ids.filter((id) => id !== "");
  if (known.length === 0) return null;
  const [row] = await tx
    .select({ orderId: paymentIds.orderId, invoiceId: paymentIds.invoiceId })
    .from(paymentIds)
    .where(and(eq(paymentIds.provider, provider), inArray(paymentIds.providerId, known)))
    .limit(1);
  if (row?.orderId) return { orderId: row.orderId };
  if (row?.invoiceId) return { invoiceId: row.invoiceId };
  return null;
}

/**
 * The id a provider refunds an order's payment by: Stripe refunds a payment intent or a charge
 * (a subscription's first payment is kept under its invoice, whose payment intent is kept beside
 * it), PayPal a capture; else the id the order keeps.
 */
export async function refundableIdOf(
  db: Db | Tx,
  order: Pick<ServiceOrder, "id" | "provider" | "providerPaymentId">,
): Promise<string | undefined> {
  if (order.provider !== "stripe") return order.providerPaymentId ?? undefined;
  const rows = await db
    .select({ id: paymentIds.providerId, kind: paymentIds.kind })
    .from(paymentIds)
    .where(and(eq(paymentIds.orderId, order.id), inArray(paymentIds.kind, ["payment_intent", "charge"])));
  const best = rows.find((r) => r.kind === "payment_intent") ?? rows[0];
  return best?.id ?? order.providerPaymentId ?? undefined;
}
