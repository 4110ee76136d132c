import { Route, Switch } from "wouter";
import { RouteTitle } from "./page-title";
import { preloadable } from "./preloadable";
import { PAGE_ROUTES, pathsOf, routeOf, routesFor } from "./routes";

// Every page is its own chunk. The public pages load neither the data layer nor any dashboard
// code or chart library; those arrive with the account area.
const NotFoundPage = preloadable(() => import("@/pages/not-found"));
const AccountRoutes = preloadable(() => import("./account-routes"));
// The operator console is its own chunk: nothing of it is downloaded outside /admin.
const AdminRoutes = preloadable(() => import("@/features/admin/admin-routes"));

/** Sign-in, the sidebar pages and checkout (`./routes.ts`); the account area serves them. */
const ACCOUNT_PATHS = pathsOf(PAGE_ROUTES.filter((route) => route.access !== "public"));

const ADMIN_PATHS = /^\/admin(?:\/.*)?$/;

/** Fetches what `path` renders through, each level's chunk, so that its first render does not wait. */
export async function preloadFor(path: string): Promise<void> {
  if (ACCOUNT_PATHS.test(path)) {
    const [{ preloadFor: preloadPage }] = await Promise.all([
      import("./account-routes"),
      AccountRoutes.preload(),
    ]);
    return preloadPage(path);
  }
  if (ADMIN_PATHS.test(path)) return AdminRoutes.preload();
  return (routeOf(path)?.page ?? NotFoundPage).preload();
}

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
        <Route path={ADMIN_PATHS} component={AdminRoutes} />
        <Route component={NotFoundPage} />
      </Switch>
    </>
  );
}
