import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { DashboardLayout } from "./layouts/dashboard-layout";
import { OwnerOnly } from "./owner-only";
import { routesFor } from "./routes";

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
          {routesFor("sidebar").map(({ path, page: Page, ownerOnly }) => (
            <Route key={path} path={path}>
              {ownerOnly ? (
                <OwnerOnly>
                  <Page />
                </OwnerOnly>
              ) : (
                <Page />
              )}
            </Route>
          ))}
        </Switch>
      </Suspense>
    </DashboardLayout>
  );
}
