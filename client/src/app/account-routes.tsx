import { Route, Switch } from "wouter";
import { preloadable } from "./preloadable";
import { ProtectedRoute } from "./protected-route";
import { AppProvider } from "./provider";
import { PublicOnlyRoute } from "./public-only-route";
import { type PageRoute, pathsOf, routeOf, routesFor } from "./routes";

const NotFoundPage = preloadable(() => import("@/pages/not-found"));
const DashboardRoutes = preloadable(() => import("./dashboard-routes"));

/** The sidebar pages (`./routes.ts`); each renders inside the dashboard layout. */
const SIDEBAR_PATHS = pathsOf(routesFor("sidebar"));

const routeTo = (route: PageRoute, guard?: typeof ProtectedRoute | typeof PublicOnlyRoute) => {
  const Guard = guard;
  const Page = route.page;
  return (
    <Route key={route.path} path={route.path}>
      {Guard ? (
        <Guard>
          <Page />
        </Guard>
      ) : (
        <Page />
      )}
    </Route>
  );
};

/** Fetches the page `path` opens, and the dashboard layout around a sidebar page. */
export async function preloadFor(path: string): Promise<void> {
  const route = routeOf(path);
  if (!route) return NotFoundPage.preload();
  await Promise.all([
    route.page.preload(),
    route.access === "sidebar" ? DashboardRoutes.preload() : undefined,
  ]);
}

/** The account area: sign-in pages for signed-out visitors, emailed links for anyone, the rest for signed-in users. */
export default function AccountRoutes() {
  return (
    <AppProvider>
      <Switch>
        {routesFor("public-only").map((route) => routeTo(route, PublicOnlyRoute))}
        {routesFor("open").map((route) => routeTo(route))}
        <Route path={SIDEBAR_PATHS}>
          <ProtectedRoute>
            <DashboardRoutes />
          </ProtectedRoute>
        </Route>
        {routesFor("protected").map((route) => routeTo(route, ProtectedRoute))}
        <Route component={NotFoundPage} />
      </Switch>
    </AppProvider>
  );
}
