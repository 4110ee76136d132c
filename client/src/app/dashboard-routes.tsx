import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { DashboardLayout } from "./layouts/dashboard-layout";

const DashboardPage = lazy(() => import("@/pages/dashboard"));
const DomainsPage = lazy(() => import("@/pages/domains"));
const PageBuilderPage = lazy(() => import("@/pages/page-builder"));
const MarketplacePage = lazy(() => import("@/pages/marketplace"));
const AffiliatesPage = lazy(() => import("@/pages/affiliates"));
const AnalyticsPage = lazy(() => import("@/pages/analytics"));
const PaymentsPage = lazy(() => import("@/pages/payments"));
const SettingsPage = lazy(() => import("@/pages/settings"));

/** The signed-in pages that share the sidebar; the layout stays mounted while pages change. */
export default function DashboardRoutes() {
  return (
    <DashboardLayout>
      <Suspense
        fallback={
          <div className="flex h-64 items-center justify-center">
            <Spinner className="size-8 text-primary" />
          </div>
        }
      >
        <Switch>
          <Route path="/dashboard" component={DashboardPage} />
          <Route path="/domains" component={DomainsPage} />
          <Route path="/domains/:id/page" component={PageBuilderPage} />
          <Route path="/marketplace" component={MarketplacePage} />
          <Route path="/affiliates" component={AffiliatesPage} />
          <Route path="/analytics" component={AnalyticsPage} />
          <Route path="/payments" component={PaymentsPage} />
          <Route path="/settings" component={SettingsPage} />
        </Switch>
      </Suspense>
    </DashboardLayout>
  );
}
