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
import type { OrderEffects, PaidContext, PaymentEffects } from "../payments/on-paid-effects";

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

/**
 * What fulfilment and refunds run: the table's areas in its order, and what else the providers are
 * paid for besides service orders (a lead buyer's monthly invoice; a payment or a refund whose id
 * is no order's goes to it).
 */
export const PAYMENT_EFFECTS: PaymentEffects = {
  areas: Object.values(ORDER_EFFECTS),
  otherPayables: [{ fulfil: fulfilLeadInvoice, reverse: reverseLeadInvoicePayment }],
};

/** What fulfilment needs, for a commission hold of `commissionHoldDays` (the configuration's). */
export const paidContext = (commissionHoldDays: number): PaidContext => ({
  commissionHoldDays,
  effects: PAYMENT_EFFECTS,
});
