import { CHECKOUT_PAGE_ROUTE } from "@shared/api/checkout";
import { CANCEL_EMAIL_CHANGE_PATH, CONFIRM_EMAIL_PATH } from "@shared/api/email";
import { LEAD_INVOICE_PAGE_ROUTE } from "@shared/api/lead-invoices";
import { ACCEPT_INVITATION_PATH } from "@shared/api/team";
import { lazy } from "react";
import { Route, Switch } from "wouter";
import { ProtectedRoute } from "./protected-route";
import { AppProvider } from "./provider";
import { PublicOnlyRoute } from "./public-only-route";

const LoginPage = lazy(() => import("@/pages/login"));
const ForgotPasswordPage = lazy(() => import("@/pages/forgot-password"));
const ResetPasswordPage = lazy(() => import("@/pages/reset-password"));
const ApproveDevicePage = lazy(() => import("@/pages/approve-device"));
const ConfirmEmailPage = lazy(() => import("@/pages/confirm-email"));
const CancelEmailChangePage = lazy(() => import("@/pages/cancel-email-change"));
const AcceptInvitationPage = lazy(() => import("@/pages/accept-invitation"));
const CheckoutServicePage = lazy(() => import("@/pages/checkout-service"));
const CheckoutSuccessPage = lazy(() => import("@/pages/checkout-success"));
const PayInvoicePage = lazy(() => import("@/pages/pay-invoice"));
const NotFoundPage = lazy(() => import("@/pages/not-found"));
const DashboardRoutes = lazy(() => import("./dashboard-routes"));

/** Sidebar pages, docs/product.md#screens; each renders inside the dashboard layout. */
const SIDEBAR_PATHS =
  /^\/(?:dashboard|domains|domains\/[0-9a-f-]{36}\/page|marketplace(?:\/deals(?:\/[^/]+)?)?|affiliates(?:\/(?:creatives|links|social|email|courses(?:\/[\w-]+\/[\w-]+)?))?|analytics|payments|settings|reports|reports\/[^/]+)\/?$/;

/** The account area: /login for signed-out visitors, everything else for signed-in users. */
export default function AccountRoutes() {
  return (
    <AppProvider>
      <Switch>
        <Route path="/login">
          <PublicOnlyRoute>
            <LoginPage />
          </PublicOnlyRoute>
        </Route>
        <Route path="/forgot-password">
          <PublicOnlyRoute>
            <ForgotPasswordPage />
          </PublicOnlyRoute>
        </Route>
        <Route path="/reset-password">
          <PublicOnlyRoute>
            <ResetPasswordPage />
          </PublicOnlyRoute>
        </Route>
        {/* Opened from an email, on whichever device, signed in or not. */}
        <Route path="/approve-device">
          <ApproveDevicePage />
        </Route>
        <Route path={CONFIRM_EMAIL_PATH}>
          <ConfirmEmailPage />
        </Route>
        <Route path={CANCEL_EMAIL_CHANGE_PATH}>
          <CancelEmailChangePage />
        </Route>
        {/* A lead buyer's invoice, opened from its email: the token is the key, no account. */}
        <Route path={LEAD_INVOICE_PAGE_ROUTE}>
          <PayInvoicePage />
        </Route>
        <Route path={ACCEPT_INVITATION_PATH}>
          <AcceptInvitationPage />
        </Route>
        <Route path={SIDEBAR_PATHS}>
          <ProtectedRoute>
            <DashboardRoutes />
          </ProtectedRoute>
        </Route>
        <Route path={CHECKOUT_PAGE_ROUTE}>
          <ProtectedRoute>
            <CheckoutServicePage />
          </ProtectedRoute>
        </Route>
        <Route path="/checkout/success">
          <ProtectedRoute>
            <CheckoutSuccessPage />
          </ProtectedRoute>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </AppProvider>
  );
}
