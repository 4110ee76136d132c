import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";

/** Renders its children for a signed-in user; a signed-out visitor goes to /login. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.isError) {
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="font-semibold text-lg">We couldn't check your session.</p>
        <p className="text-muted-foreground text-sm">Please check your connection and try again.</p>
        <Button onClick={() => session.refetch()}>Try again</Button>
      </div>
    );
  }
  if (!session.user) return <Redirect to="/login" replace />;
  return children;
}
