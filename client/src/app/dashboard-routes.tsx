import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { DashboardLayout } from "./layouts/dashboard-layout";
import { OwnerOnly } from "./owner-only";

const DashboardPage = lazy(() => import("@/pages/dashboard"));
const DomainsPage = lazy(() => import("@/pages/domains"));
const PageBuilderPage = lazy(() => import("@/pages/page-builder"));
const MarketplacePage = lazy(() => import("@/pages/marketplace"));
const MarketplaceDealsPage = lazy(() => import("@/pages/marketplace-deals"));
const MarketplaceDealPage = lazy(() => import("@/pages/marketplace-deal"));
const AffiliatesPage = lazy(() => import("@/pages/affiliates"));
const CoursesPage = lazy(() => import("@/pages/courses"));
const LinkAnalyticsPage = lazy(() => import("@/pages/link-analytics"));
const SocialPage = lazy(() => import("@/pages/social"));
const EmailAutomationPage = lazy(() => import("@/pages/email-automation"));
const CreativesPage = lazy(() => import("@/pages/creatives"));
const AnalyticsPage = lazy(() => import("@/pages/analytics"));
const PaymentsPage = lazy(() => import("@/pages/payments"));
const SettingsPage = lazy(() => import("@/pages/settings"));
const ReportsPage = lazy(() => import("@/pages/reports"));

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
          <Route path="/marketplace/deals" component={MarketplaceDealsPage} />
          <Route path="/marketplace/deals/:id" component={MarketplaceDealPage} />
          <Route path="/affiliates">
            <OwnerOnly>
              <AffiliatesPage />
            </OwnerOnly>
          </Route>
          <Route path="/affiliates/courses">
            <OwnerOnly>
              <CoursesPage />
            </OwnerOnly>
          </Route>
          <Route path="/affiliates/courses/:courseId/:lessonId">
            <OwnerOnly>
              <CoursesPage />
            </OwnerOnly>
          </Route>
          <Route path="/affiliates/creatives">
            <OwnerOnly>
              <CreativesPage />
            </OwnerOnly>
          </Route>
          <Route path="/affiliates/links">
            <OwnerOnly>
              <LinkAnalyticsPage />
            </OwnerOnly>
          </Route>
          <Route path="/affiliates/social">
            <OwnerOnly>
              <SocialPage />
            </OwnerOnly>
          </Route>
          <Route path="/affiliates/email">
            <OwnerOnly>
              <EmailAutomationPage />
            </OwnerOnly>
          </Route>
          <Route path="/analytics" component={AnalyticsPage} />
          <Route path="/payments">
            <OwnerOnly>
              <PaymentsPage />
            </OwnerOnly>
          </Route>
          <Route path="/settings">
            <OwnerOnly>
              <SettingsPage />
            </OwnerOnly>
          </Route>
          <Route path="/reports" component={ReportsPage} />
          <Route path="/reports/:id" component={ReportsPage} />
        </Switch>
      </Suspense>
    </DashboardLayout>
  );
}
