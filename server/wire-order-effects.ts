import {
  applyPaidOrderToAffiliates,
  applyPartlyRefundedOrderToAffiliates,
  applyRefundedOrderToAffiliates,
} from "./modules/affiliates/order-paid";
import { queueAnalyticsReport } from "./modules/analytics/reports/analytics-report-effects";
import { queueAppraisalReport } from "./modules/appraisals/appraisal-effects";
import { applyPaidOrderToBilling, applyRefundedOrderToBilling } from "./modules/billing/on-paid-billing";
import {
  applyPaidOrderToCampaigns,
  applyRefundedOrderToCampaigns,
} from "./modules/campaigns/campaign-order-effects";
import { applyPaidOrderToLease, applyRefundedOrderToLease } from "./modules/marketplace/lease-payments";
import { queueSocialPost } from "./modules/marketplace/promotion-effects";
import { applyPaidOrderToSale, applyRefundedOrderToSale } from "./modules/marketplace/sale-payments";
import { withdrawRefundedReports } from "./modules/reports/withdraw-refunded";
import { cancelRefundedWorkOrder, queueWorkOrder } from "./modules/work-orders/work-order-effects";
import { registerOrderEffects } from "./payments/on-paid-effects";

/**
 * What a payment and a refund (whole or in part) mean beyond the order, in this order: what the order grants (its
 * entitlements or its subscription, the account plan among them), then what it means to the
 * affiliate programme, then the work order people deliver it by, then the report it delivers. The one place to hook a new
 * consequence of a payment; every entry point that can take or refund a payment calls it (the
 * app's deps, the billing CLI).
 */
export function wireOrderEffects(): void {
  registerOrderEffects({ onPaid: applyPaidOrderToBilling, onRefunded: applyRefundedOrderToBilling });
  registerOrderEffects({
    onPaid: applyPaidOrderToAffiliates,
    onRefunded: applyRefundedOrderToAffiliates,
    onPartlyRefunded: applyPartlyRefundedOrderToAffiliates,
  });
  registerOrderEffects({ onPaid: applyPaidOrderToCampaigns, onRefunded: applyRefundedOrderToCampaigns });
  registerOrderEffects({ onPaid: queueWorkOrder, onRefunded: cancelRefundedWorkOrder });
  registerOrderEffects({ onPaid: queueAppraisalReport, onRefunded: withdrawRefundedReports });
  registerOrderEffects({ onPaid: queueAnalyticsReport });
  // An escrow sale's payment held or given back (filtered on the order's offer).
  registerOrderEffects({ onPaid: applyPaidOrderToSale, onRefunded: applyRefundedOrderToSale });
  // A lease's instalment: the lease moved on, the seller credited (after billing moved its subscription).
  registerOrderEffects({ onPaid: applyPaidOrderToLease, onRefunded: applyRefundedOrderToLease });
  // A social promotion's post for staff to publish.
  registerOrderEffects({ onPaid: queueSocialPost });
}
