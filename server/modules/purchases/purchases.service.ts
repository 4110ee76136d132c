import { and, eq } from "drizzle-orm";
import { checkoutPagePath } from "../../../shared/api/checkout";
import type { TPurchaseAnswer } from "../../../shared/api/purchases";
import type { Offer, OfferKey } from "../../../shared/catalog";
import { toCents } from "../../../shared/money";
import { domainServices, domains, serviceOrders } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError, notFound } from "../../http/app-error";
import { supersedePendingOrders } from "../billing/repeat-purchase";
import { assertDeliverable } from "./deliverable";

/** Refuses a repeat of what is sold once, or makes a purchase of another option a change (answering where to go). */
export type RepeatPurchaseCheck = (purchase: {
  userId: string;
  offerKey: OfferKey;
  body: Record<string, unknown>;
  domainId: string | null;
}) => Promise<TPurchaseAnswer | null>;

/**
 * The one purchase use case behind every purchase path: check the domain is the buyer's,
 * recompute the price (the client's is never trusted), check the offer can be delivered to this
 * account (a forecast needs history), and save a pending order with its price
 * snapshot (plus the domain's service record for domain services). Payment happens at checkout.
 */
export async function createOrder(options: {
  db: Db;
  userId: string;
  offerKey: OfferKey;
  offer: Offer;
  input: unknown;
  /** What is sold once is not sold twice (`checkRepeatPurchase`); without it, every purchase is ordered. */
  repeat?: RepeatPurchaseCheck;
}): Promise<TPurchaseAnswer> {
  const { db, userId, offer } = options;
  const quote = offer.quote(options.input);

  const domain = quote.domainId ? await findOwnDomain(db, userId, quote.domainId) : null;
  if (quote.domainId && !domain) throw notFound("Domain");
  if (quote.sentPrice !== null && toCents(quote.sentPrice) !== toCents(quote.price)) {
    throw new AppError("CONFLICT", "Price mismatch");
  }
  await assertDeliverable(db, userId, options.offerKey, domain?.id ?? null);
  const changed = await options.repeat?.({
    userId,
    offerKey: options.offerKey,
    body: quote.body,
    domainId: domain?.id ?? null,
  });
  if (changed) return changed;

  const orderId = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(serviceOrders)
      .values({
        userId,
        domainId: domain?.id ?? null,
        offerId: options.offerKey,
        serviceType: quote.serviceType,
        description: quote.describe(domain?.name ?? null),
        price: quote.price,
        metadata: {
          ...(domain ? { domainName: domain.name } : {}),
          ...(quote.accountPlan ? { accountPlan: quote.accountPlan } : {}),
          request: quote.body,
        },
      })
      .returning({ id: serviceOrders.id });
    await supersedePendingOrders(tx, {
      userId,
      offerKey: options.offerKey,
      domainId: domain?.id ?? null,
      keepId: order.id,
    });
    if (domain && offer.createsDomainService) {
      await tx
        .insert(domainServices)
        .values({ userId, domainId: domain.id, orderId: order.id, serviceType: quote.serviceType });
    }
    return order.id;
  });
  return { orderId, checkoutUrl: checkoutPagePath(orderId) };
}

async function findOwnDomain(db: Db, userId: string, domainId: string) {
  const [domain] = await db
    .select({ id: domains.id, name: domains.name })
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
  return domain ?? null;
}
