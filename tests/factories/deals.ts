import type { Express } from "express";
import type { Db } from "../../server/db/pool";
import { runSaleTimeouts } from "../../server/jobs/sale-timeouts";
import { recordSubscriptionPayment } from "../../server/modules/billing/record-renewal";
import { saleConfigOf } from "../../server/modules/marketplace/sale-config";
import { paidContext } from "../../server/order-effects/order-effects";
import type { subscriptions } from "../../shared/schema";
import type { TestApp } from "../setup/test-app";
import { DAY_MS } from "../setup/time";
import { insertDomain } from "./domains";
import { signUp } from "./users";

/** A seller with one verified domain listed at `price`, and a buyer, both signed in. */
export async function sellerAndBuyer(app: Express, db: Db, price = "1000.00") {
  const seller = await signUp(app);
  const buyer = await signUp(app);
  const domain = await insertDomain(db, seller.user.id, { marketplacePrice: price, listedAt: new Date() });
  return { seller, buyer, domain };
}

/** The marketplace's sale clock run at `now`: what lapses by then lapses. */
export const runSaleClock = (t: TestApp, now: Date) =>
  runSaleTimeouts(t.deps, { config: saleConfigOf(t.deps.config), now });

/** A lease's monthly instalment recorded as Stripe's renewal invoice `invoiceId` is: the next 30 days, paid. */
export const recordLeaseRenewal = (t: TestApp, sub: typeof subscriptions.$inferSelect, invoiceId: string) =>
  t.db.transaction((tx) =>
    recordSubscriptionPayment(
      tx,
      t.deps.mailer,
      sub,
      {
        kind: "renewal",
        provider: "stripe",
        providerPaymentId: invoiceId,
        amount: sub.amount,
        periodStart: sub.currentPeriodEnd,
        periodEnd: new Date(sub.currentPeriodEnd.getTime() + 30 * DAY_MS),
      },
      paidContext(30),
    ),
  );
