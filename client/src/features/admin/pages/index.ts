import type { TAdminSection } from "@shared/api/admin/console";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * Each console section's page, loaded when it is first opened. A section without a page here
 * shows the placeholder. One line per section: `work-orders: lazy(() => import("./work-orders-page")),`
 */
export const ADMIN_PAGES: Partial<Record<TAdminSection, LazyExoticComponent<ComponentType>>> = {
  appraisals: lazy(() => import("./appraisals-page")),
  chargebacks: lazy(() => import("./chargebacks-page")),
  disputes: lazy(() => import("./disputes-page")),
  leads: lazy(() => import("./leads-page")),
  "lead-buyers": lazy(() => import("./lead-buyers-page")),
  payouts: lazy(() => import("./payouts-page")),
  refunds: lazy(() => import("./refunds-page")),
  tickets: lazy(() => import("./tickets-page")),
  "unmatched-payments": lazy(() => import("./unmatched-payments-page")),
  users: lazy(() => import("./users-page")),
  "work-orders": lazy(() => import("./work-orders-page")),
};
