import { toCents } from "../../../shared/money";
import type { ServiceOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { type MoneyBack, noEffect, type OrderEffects, type PartRefund } from "../../payments/money-effects";
import { reinstateOrderCredits, reverseOrderCredits } from "./order-credits";

async function reverseAll(tx: Tx, order: ServiceOrder, back: MoneyBack): Promise<void> {
  await reverseOrderCredits(tx, { orderId: order.id, cause: back.cause, reason: back.note });
}

async function reverseShare(tx: Tx, order: ServiceOrder, part: PartRefund): Promise<void> {
  await reverseOrderCredits(tx, {
    orderId: order.id,
    cause: part.cause,
    reason: part.note,
    part: { cents: toCents(part.amount), ofCents: toCents(order.price) },
  });
}

async function reinstate(tx: Tx, order: ServiceOrder, back: MoneyBack): Promise<void> {
  await reinstateOrderCredits(tx, { orderId: order.id, cause: back.cause, reason: back.note });
}

/**
 * What an order's money means to the held funds it paid for (docs/money.md#refunds-and-chargebacks),
 * the same for every flow, first in the table: a refund or a chargeback takes back every credit
 * the payment funded (a referrer's commission, a seller's proceeds, a campaign's shares or its
 * return), a part refunded each credit's share of it, and a chargeback won gives back exactly what
 * its chargeback took.
 */
export const heldFundsOrderEffects: OrderEffects = {
  paid: noEffect("each area credits what the payment funds, with the order named on the credit"),
  refunded: reverseAll,
  partlyRefunded: reverseShare,
  chargedBack: reverseAll,
  chargebackWon: reinstate,
};
