import { lazy } from "react";
import { Route, Switch } from "wouter";
import { RouteTitle } from "./page-title";
import { PAGE_ROUTES, pathsOf, routesFor } from "./routes";

// Every page is its own chunk. The public pages load neither the data layer nor any dashboard
// code or chart library; those arrive with the account area.
const NotFoundPage = lazy(() => import("@/pages/not-found"));
const AccountRoutes = lazy(() => import("./account-routes"));
// The operator console is its own chunk: nothing of it is downloaded outside /admin.
const AdminRoutes = lazy(() => import("@/features/admin/admin-routes"));

/** Sign-in, the sidebar pages and checkout (`./routes.ts`); the account area serves them. */
const ACCOUNT_PATHS = pathsOf(PAGE_ROUTES.filter((route) => route.access !== "public"));

/** Every path but the landing page `/`, which is its own document (landing.html). */
export default function AppRoutes() {
  return (
    <>
      <RouteTitle />
      <Switch>
        {routesFor("public").map((route) => (
          <Route key={route.path} path={route.path} component={route.page} />
        ))}
        <Route path={ACCOUNT_PATHS} component={AccountRoutes} />
        <Route path={/^\/admin(?:\/.*)?$/} component={AdminRoutes} />
        <Route component={NotFoundPage} />
      </Switch>
    </>
  );
}
