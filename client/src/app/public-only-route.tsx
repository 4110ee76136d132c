import type { ReactNode } from "react";
import { Redirect, useSearch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";
import { safeNextPath } from "@/lib/next-path";

/**
 * Renders its children for a signed-out visitor; a signed-in user goes to the page's `?next=`
 * (a path of this site only), else to /dashboard.
 */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const next = safeNextPath(new URLSearchParams(useSearch()).get("next"));
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.user) return <Redirect to={next ?? "/dashboard"} replace />;
  return children;
}
