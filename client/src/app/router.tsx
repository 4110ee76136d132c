import { Suspense, useEffect } from "react";
import { Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { APP_NAME } from "./app-name";
import { preloadable } from "./preloadable";

// The landing page is what most visitors load (every parked domain's visitor): it comes alone.
// The route table, the account area and the console are one lazy chunk away (`./app-routes`).
const LandingPage = preloadable(() => import("@/pages/landing"));
const AppRoutes = preloadable(() => import("./app-routes"));

/** Fetches every chunk `path` renders through, so that the first render shows the page at once. */
export async function preloadRoute(path: string): Promise<void> {
  if (path === "/") return LandingPage.preload();
  const [{ preloadFor }] = await Promise.all([import("./app-routes"), AppRoutes.preload()]);
  await preloadFor(path);
}

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
