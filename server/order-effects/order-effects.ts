import { campaignOrderEffects } from "../modules/affiliates/campaign-order-effects";
import { affiliateOrderEffects } from "../modules/affiliates/order-paid";
import { analyticsReportOrderEffects } from "../modules/analytics/reports/analytics-report-effects";
import { appraisalOrderEffects } from "../modules/appraisals/appraisal-effects";
import { billingOrderEffects } from "../modules/billing/on-paid-billing";
import { experimentOrderEffects } from "../modules/experiments/end-unentitled";
import { fulfilLeadInvoice, reverseLeadInvoicePayment } from "../modules/lead-sales/invoice-payments";
import { heldFundsOrderEffects } from "../modules/ledger/held-funds-effects";
import { leaseOrderEffects } from "../modules/marketplace/lease-payments";
import { promotionOrderEffects } from "../modules/marketplace/promotion-effects";
import { saleOrderEffects } from "../modules/marketplace/sale-payments";
import { reportOrderEffects } from "../modules/reports/withdraw-refunded";
import { workOrderEffects } from "../modules/work-orders/work-order-effects";
import type { OrderEffects, PaidContext, PaymentEffects } from "../payments/money-effects";
import type { Payments } from "../payments/payments";

/** Every area of the product a payment reaches beyond the order itself. */
export type TEffectArea =
  | "heldFunds"
  | "billing"
  | "affiliates"
  | "campaigns"
  | "workOrders"
  | "experiments"
  | "appraisals"
  | "analyticsReports"
  | "reports"
  | "marketplaceSales"
  | "marketplaceLeases"
  | "marketplacePromotions";

/**
 * What an order's money means to each area (docs/money.md#refunds-and-chargebacks), in the order
 * they run: the held funds the payment funded, what the order grants (its entitlements or its
 * subscription, the account plan among them), what it earns a referrer and a campaign, the work
 * order people deliver it by, the report it delivers, an escrow sale, a lease's instalment and a
 * promotion's post. Each area defines its effects beside its code and declares every event (paid,
 * refunded, part refunded, charged back, chargeback won), `noEffect(why)` where one changes
 * nothing there; leaving an area or an event out, or naming one that is not an area, does not compile.
 */
export const ORDER_EFFECTS = {
  // Money first: what the payment funded is taken back (or given back) before any area reads it.
  heldFunds: heldFundsOrderEffects,
  billing: billingOrderEffects,
  affiliates: affiliateOrderEffects,
  campaigns: campaignOrderEffects,
  workOrders: workOrderEffects,
  // Split tests, after billing has ended the Split Testing a refunded order granted.
  experiments: experimentOrderEffects,
  appraisals: appraisalOrderEffects,
  analyticsReports: analyticsReportOrderEffects,
  reports: reportOrderEffects,
  marketplaceSales: saleOrderEffects,
  // A lease's instalment, after billing has moved its subscription.
  marketplaceLeases: leaseOrderEffects,
  marketplacePromotions: promotionOrderEffects,
} as const satisfies Record<TEffectArea, OrderEffects>;

/**
 * What fulfilment and refunds run: the table's areas in its order, and what else the providers are
 * paid for besides service orders (a lead buyer's monthly invoice; a payment or a refund whose id
 * is no order's goes to it).
 */
export const PAYMENT_EFFECTS: PaymentEffects = {
  areas: Object.values(ORDER_EFFECTS),
  otherPayables: [{ fulfil: fulfilLeadInvoice, reverse: reverseLeadInvoicePayment }],
};

/**
 * What fulfilment needs, for a commission hold of `commissionHoldDays` (the configuration's), and
 * the providers that give back a payment no order was waiting for.
 */
export const paidContext = (commissionHoldDays: number, payments?: Payments): PaidContext => ({
  commissionHoldDays,
  effects: PAYMENT_EFFECTS,
  payments,
});
