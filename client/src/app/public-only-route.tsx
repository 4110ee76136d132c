import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";

/** Renders its children for a signed-out visitor; a signed-in user goes to /dashboard. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.user) return <Redirect to="/dashboard" replace />;
  return children;
}
