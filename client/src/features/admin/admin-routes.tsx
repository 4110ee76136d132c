import { ADMIN_SECTIONS } from "@shared/api/admin";
import { Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { AppProvider } from "@/app/provider";
import { Card, CardContent } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import NotFoundPage from "@/pages/not-found";
import { useStaffMe } from "./api/get-staff-me";
import { AdminLayout } from "./components/admin-layout";
import { ADMIN_PAGES } from "./pages";

/**
 * `/admin`: its own chunk (loaded only here, so no console code reaches the public or owner
 * bundles). Whoever the API does not let in sees the app's not-found page, as the API answers 404.
 */
export default function AdminRoutes() {
  return (
    <AppProvider>
      <AdminGate />
    </AppProvider>
  );
}

function AdminGate() {
  const me = useStaffMe();
  if (me.isPending) return <PageSpinner />;
  if (me.isError) return <NotFoundPage />;
  return (
    <AdminLayout staffName={me.data.staff.name || me.data.staff.email}>
      <Switch>
        <Route path="/admin">
          <Redirect to={`/admin/${ADMIN_SECTIONS[0].path}`} replace />
        </Route>
        {ADMIN_SECTIONS.map((section) => {
          const Page = ADMIN_PAGES[section.path];
          return (
            <Route key={section.path} path={`/admin/${section.path}`}>
              <h1 className="font-bold text-2xl text-slate-900">{section.label}</h1>
              <div className="mt-4">
                {Page ? (
                  <Suspense fallback={<PageSpinner />}>
                    <Page />
                  </Suspense>
                ) : (
                  <Card>
                    <CardContent className="pt-6 text-muted-foreground text-sm">
                      Nothing to show here yet.
                    </CardContent>
                  </Card>
                )}
              </div>
            </Route>
          );
        })}
        <Route component={NotFoundPage} />
      </Switch>
    </AdminLayout>
  );
}
