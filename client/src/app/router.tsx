import { lazy, Suspense, useEffect } from "react";
import { Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { APP_NAME } from "./app-name";

// The landing page is what most visitors load (every parked domain's visitor): it comes alone.
// The route table, the account area and the console are one lazy chunk away (`./app-routes`).
const LandingPage = lazy(() => import("@/pages/landing"));
const AppRoutes = lazy(() => import("./app-routes"));

function Landing() {
  useEffect(() => {
    document.title = APP_NAME;
  }, []);
  return <LandingPage />;
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={Landing} />
        <Route component={AppRoutes} />
      </Switch>
    </Suspense>
  );
}
