import { ROLE_LABELS, type TTeamRole } from "@shared/api/team";
import { CheckCircle2 } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { useSwitchPortfolio } from "@/lib/api/portfolios";
import { apiErrorMessage } from "@/lib/api-error";
import { toastError } from "@/lib/toast";
import { useAcceptInvitation } from "../api/accept-invitation";

/**
 * The page an invitation's link opens. Signed in with the invited address, the invitee accepts
 * with the button (a mail scanner opening the link accepts nothing) and opens the portfolio.
 */
export function AcceptInvitation({ signedInAs }: { signedInAs: string | null }) {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const accept = useAcceptInvitation();
  const switchTo = useSwitchPortfolio();
  const [, navigate] = useLocation();

  if (!token)
    return <p className="text-sm">This link is incomplete. Ask the portfolio's owner for a new one.</p>;
  if (!signedInAs) {
    return (
      <div className="grid gap-4 text-sm">
        <p>
          Sign in, or create an account, with the address this invitation was sent to. Then open the link
          again.
        </p>
        <Link href="/login" className="font-medium text-primary underline">
          Sign in or sign up
        </Link>
      </div>
    );
  }
  if (accept.isSuccess) {
    const { ownerId, role } = accept.data;
    return (
      <div className="grid gap-4">
        <p className="flex items-start gap-2 text-sm" role="status">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          You joined the portfolio as {ROLE_LABELS[role as TTeamRole] ?? role}.
        </p>
        <Button
          size="lg"
          disabled={switchTo.isPending}
          onClick={() =>
            switchTo.mutate(ownerId, {
              onSuccess: () => navigate("/dashboard"),
              onError: (e) => toastError(e),
            })
          }
        >
          Open the portfolio
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        You are signed in as <strong>{signedInAs}</strong>. Accept to work in the portfolio you were invited
        to; you can leave it at any time.
      </p>
      {accept.isError && (
        <p className="text-destructive text-sm" role="alert">
          {apiErrorMessage(accept.error, "This invitation is no longer valid.")}
        </p>
      )}
      <Button size="lg" disabled={accept.isPending} onClick={() => accept.mutate(token)}>
        {accept.isPending ? "Accepting..." : "Accept invitation"}
      </Button>
    </div>
  );
}
