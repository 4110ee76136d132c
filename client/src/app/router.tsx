import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { RouteTitle } from "./page-title";

// Every page is its own chunk. The public pages load neither the data layer nor any dashboard
// code or chart library; those arrive with the account area.
const LandingPage = lazy(() => import("@/pages/landing"));
const PrivacyPage = lazy(() => import("@/pages/privacy"));
const NotFoundPage = lazy(() => import("@/pages/not-found"));
const AccountRoutes = lazy(() => import("./account-routes"));
// The operator console is its own chunk: nothing of it is downloaded outside /admin.
const AdminRoutes = lazy(() => import("@/features/admin/admin-routes"));

/** Sign-in, the sidebar pages, checkout and a lead buyer's invoice (docs/product.md#screens route table); the account area serves them. */
const ACCOUNT_PATHS =
  /^\/(?:login|forgot-password|reset-password|approve-device|confirm-email|cancel-email-change|team\/accept|dashboard|domains|domains\/[0-9a-f-]{36}\/page|marketplace(?:\/deals(?:\/[^/]+)?)?|affiliates(?:\/(?:creatives|links|social|email|courses(?:\/[\w-]+\/[\w-]+)?))?|analytics|payments|settings|reports|reports\/[^/]+|checkout\/success|checkout\/service\/[^/]+|pay\/invoice\/[^/]+)\/?$/;

export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <RouteTitle />
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route path={ACCOUNT_PATHS} component={AccountRoutes} />
        <Route path={/^\/admin(?:\/.*)?$/} component={AdminRoutes} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
