import type { Tx } from "../db/tx";
import type { Mailer } from "../mail/mailer";
import { affiliateOrderEffects } from "../modules/affiliates/order-paid";
import { analyticsReportOrderEffects } from "../modules/analytics/reports/analytics-report-effects";
import { appraisalOrderEffects } from "../modules/appraisals/appraisal-effects";
import { billingOrderEffects } from "../modules/billing/on-paid-billing";
import { campaignOrderEffects } from "../modules/campaigns/campaign-order-effects";
import { fulfilLeadInvoice, reverseLeadInvoicePayment } from "../modules/lead-sales/invoice-payments";
import { leaseOrderEffects } from "../modules/marketplace/lease-payments";
import { promotionOrderEffects } from "../modules/marketplace/promotion-effects";
import { saleOrderEffects } from "../modules/marketplace/sale-payments";
import { reportOrderEffects } from "../modules/reports/withdraw-refunded";
import { workOrderEffects } from "../modules/work-orders/work-order-effects";
import type {
  FulfilOutcome,
  OnPaidEffect,
  OnPartlyRefundedEffect,
  OnRefundedEffect,
  OrderEffects,
  Payment,
  PaymentReversal,
  RefundOutcome,
} from "./on-paid-effects";

/** Every area of the product a payment reaches beyond the order itself. */
export type TEffectArea =
  | "billing"
  | "affiliates"
  | "campaigns"
  | "workOrders"
  | "appraisals"
  | "analyticsReports"
  | "reports"
  | "marketplaceSales"
  | "marketplaceLeases"
  | "marketplacePromotions";

/**
 * What a payment and a refund (whole or in part) mean to each area, in the order they run: what
 * the order grants (its entitlements or its subscription, the account plan among them), then what
 * it earns a referrer and a campaign, then the work order people deliver it by, the report it
 * delivers, an escrow sale's money, a lease's instalment and a promotion's post. Each area defines its effects beside
 * its code; leaving an area out of this table, or naming one that is not an area, does not compile.
 */
export const ORDER_EFFECTS = {
  billing: billingOrderEffects,
  affiliates: affiliateOrderEffects,
  campaigns: campaignOrderEffects,
  workOrders: workOrderEffects,
  appraisals: appraisalOrderEffects,
  analyticsReports: analyticsReportOrderEffects,
  reports: reportOrderEffects,
  marketplaceSales: saleOrderEffects,
  // A lease's instalment, after billing has moved its subscription.
  marketplaceLeases: leaseOrderEffects,
  marketplacePromotions: promotionOrderEffects,
} as const satisfies Record<TEffectArea, OrderEffects>;

// Read when a payment runs, not when this file loads, so the order modules load in never matters.
const areas = (): readonly OrderEffects[] => Object.values(ORDER_EFFECTS);

/** Everything a paid order does beyond the order itself, in the table's order. */
export const paidEffects = (): OnPaidEffect[] =>
  areas().flatMap((area) => (area.onPaid ? [area.onPaid] : []));
/** Everything a refund undoes beyond the order itself, in the table's order. */
export const refundedEffects = (): OnRefundedEffect[] =>
  areas().flatMap((area) => (area.onRefunded ? [area.onRefunded] : []));
/** Everything a refund of part of an order takes back, in the table's order. */
export const partlyRefundedEffects = (): OnPartlyRefundedEffect[] =>
  areas().flatMap((area) => (area.onPartlyRefunded ? [area.onPartlyRefunded] : []));

/**
 * Something paid through the same providers that is not a service order: it fulfils a payment
 * whose id is its own, idempotently, and takes back a refunded or disputed one; null for any other.
 */
export interface OtherPayable {
  fulfil(tx: Tx, mailer: Mailer, payment: Payment): Promise<FulfilOutcome | null>;
  reverse(tx: Tx, reversal: PaymentReversal): Promise<RefundOutcome | null>;
}

/** What else the providers are paid for: a lead buyer's monthly invoice. */
export const otherPayables = (): readonly OtherPayable[] => [
  { fulfil: fulfilLeadInvoice, reverse: reverseLeadInvoicePayment },
];
