import { PageSpinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/get-session";
import { useLogout } from "@/features/auth/api/logout";
import { AuthBrandPanel, AuthMobileIntro } from "@/features/auth/components/auth-brand-panel";
import { AuthCard } from "@/features/auth/components/auth-card";
import { AcceptInvitation } from "@/features/team/components/accept-invitation";

export default function AcceptInvitationPage() {
  const session = useSession();
  const logout = useLogout();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <AuthBrandPanel />
      <main className="flex flex-col items-center justify-center gap-8 bg-background px-4 py-10 sm:px-8">
        <AuthMobileIntro />
        <AuthCard
          title="Join a Portfolio"
          description="You were invited to work in someone's ParkPilot portfolio."
        >
          <AcceptInvitation
            signedInAs={session.user?.email ?? null}
            onSignOut={(href) => logout.mutate(href)}
            signingOut={logout.isPending}
          />
        </AuthCard>
      </main>
    </div>
  );
}
