import { ACCEPT_INVITATION_PATH, ROLE_LABELS, type TInvitationPreview } from "@shared/api/team";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { Button, buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useSwitchPortfolio } from "@/lib/api/portfolios";
import { apiErrorMessage } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { loginHref } from "@/lib/next-path";
import { toastError } from "@/lib/toast";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useInvitationPreview } from "../api/get-invitation-preview";

/** "Ana Lopez invited you to work in their portfolio as Manager." */
function Invitation({ preview }: { preview: TInvitationPreview }) {
  return (
    <div className="grid gap-2" data-testid="invitation">
      <p className="text-base">
        <strong className="font-semibold">{preview.inviterName}</strong> invited you to work in their
        portfolio as <strong className="font-semibold">{ROLE_LABELS[preview.role]}</strong>.
      </p>
      <p className="text-muted-foreground text-sm">
        Sent to <strong className="font-medium text-foreground">{preview.email}</strong>, valid until{" "}
        {formatDate(preview.expiresAt)}.
      </p>
    </div>
  );
}

/**
 * The page an invitation's link opens. It names who invites, as what and at which address, signed
 * out or in. Signed out, it links to signing in and to creating an account, both of which come
 * back here. Signed in with the invited address, the invitee accepts with the button (a mail
 * scanner opening the link accepts nothing) and opens the portfolio; with another address, the
 * page says which address the invitation is for and offers to sign out to use it.
 */
export function AcceptInvitation({
  signedInAs,
  onSignOut,
  signingOut = false,
}: {
  signedInAs: string | null;
  /** Signs out, then opens the sign-in page at `href` (which comes back here). */
  onSignOut: (href: string) => void;
  signingOut?: boolean;
}) {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const switchTo = useSwitchPortfolio();
  const [, navigate] = useLocation();
  const here = `${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`;

  if (!token)
    return <p className="text-sm">This link is incomplete. Ask the portfolio's owner for a new one.</p>;
  if (accept.isSuccess) {
    const { ownerId, role } = accept.data;
    return (
      <div className="grid gap-4">
        <p className="flex items-start gap-2 text-sm" role="status">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          You joined the portfolio as {ROLE_LABELS[role as TInvitationPreview["role"]] ?? role}.
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
  if (preview.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner className="size-4 text-primary" label="Reading the invitation" />
        Reading the invitation…
      </p>
    );
  }
  if (preview.isError) {
    return (
      <div className="grid gap-4 text-sm">
        <p className="flex items-start gap-2 text-destructive" role="alert">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {apiErrorMessage(preview.error, "The invitation could not be read. Please try again.")}
        </p>
        <Link href={signedInAs ? "/dashboard" : "/login"} className="font-medium text-primary underline">
          {signedInAs ? "Go to your dashboard" : "Sign in"}
        </Link>
      </div>
    );
  }

  const invited = preview.data;
  if (!signedInAs) {
    return (
      <div className="grid gap-5">
        <Invitation preview={invited} />
        <p className="text-sm">
          Sign in with that address, or create an account with it, to accept. You will come back here
          afterwards.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Link
            className={buttonVariants({ size: "lg" })}
            href={loginHref({ next: here, email: invited.email })}
          >
            Sign in
          </Link>
          <Link
            className={buttonVariants({ variant: "outline", size: "lg" })}
            href={loginHref({ next: here, email: invited.email, register: true })}
          >
            Create an account
          </Link>
        </div>
      </div>
    );
  }
  if (signedInAs.toLowerCase() !== invited.email.toLowerCase()) {
    return (
      <div className="grid gap-5">
        <Invitation preview={invited} />
        <p className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            This invitation is for <strong>{invited.email}</strong>, and you are signed in as{" "}
            <strong>{signedInAs}</strong>. Sign out, then sign in or create an account with {invited.email} to
            accept it.
          </span>
        </p>
        <Button
          size="lg"
          variant="outline"
          disabled={signingOut}
          onClick={() => onSignOut(loginHref({ next: here, email: invited.email }))}
        >
          {signingOut ? "Signing out..." : "Sign out to use that address"}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <Invitation preview={invited} />
      <p className="text-sm">
        You are signed in as <strong>{signedInAs}</strong>. Accept to work in the portfolio; you can leave it
        at any time.
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
