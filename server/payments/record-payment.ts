import type { Db } from "../db/pool";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import { type FulfilOutcome, fulfilOrder, type Payment } from "./fulfil-order";
import type { PaidContext } from "./money-effects";
import { refundUnmatchedPayments } from "./unmatched-payments";

/**
 * Fulfils in its own transaction and logs anything other than a first fulfilment; a payment that
 * found no open order is given back through its provider once the transaction has committed.
 */
export async function recordPayment(
  db: Db,
  mailer: Mailer,
  logger: Logger,
  payment: Payment,
  context: PaidContext,
): Promise<FulfilOutcome> {
  const outcome = await db.transaction((tx) => fulfilOrder(tx, mailer, payment, context));
  if (outcome !== "fulfilled") logger.warn({ ...payment, outcome }, "payment changed nothing");
  if (outcome === "unmatched" && context.payments)
    await refundUnmatchedPayments({ db, payments: context.payments, logger });
  return outcome;
}
