import { ADMIN_SECTIONS } from "@shared/api/admin/console";
import { Suspense } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { NOT_FOUND_TITLE, useDocumentTitle } from "@/app/page-title";
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

/** The console's tab title: the section's name, or "Page Not Found" where the console shows that. */
function consoleTitle(path: string, isStaff: boolean | undefined): string {
  if (isStaff === false) return NOT_FOUND_TITLE;
  if (/^\/admin\/?$/.test(path) || isStaff === undefined) return "ParkPilot Console";
  const section = ADMIN_SECTIONS.find((s) => path.replace(/\/$/, "") === `/admin/${s.path}`);
  return section ? `${section.label} · ParkPilot Console` : NOT_FOUND_TITLE;
}

function AdminGate() {
  const me = useStaffMe();
  const [location] = useLocation();
  useDocumentTitle(consoleTitle(location, me.isPending ? undefined : !me.isError));
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
