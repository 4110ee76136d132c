import { Suspense } from "react";
import { PageSpinner } from "@/components/ui/spinner";
import AppRoutes, { preloadFor } from "./app-routes";

/** Fetches every chunk `path` renders through, so that the first render shows the page at once. */
export const preloadRoute = preloadFor;

/**
 * Every page of the app, each loaded when it is first shown. The landing page `/` is not among
 * them: it is its own document (landing.html), and the app's links to it load that document.
 */
export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AppRoutes />
    </Suspense>
  );
}
