import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { DashboardLayout } from "./layouts/dashboard-layout";
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
          {routesFor("sidebar").map((route) => (
            <Route key={route.path} path={route.path} component={route.page} />
          ))}
        </Switch>
      </Suspense>
    </DashboardLayout>
  );
}
