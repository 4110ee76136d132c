import { MailCheck } from "lucide-react";
import { CancelButton } from "@/components/cancel-button";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useCancelEmailChange, useEmailStatus, useResendConfirmation } from "../api/email-status";

const failed = (fallback: string) => (error: Error) =>
  toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });

/**
 * Under the email field: a new address waiting for its link (resend or cancel), or an address not
 * confirmed yet (send a link). A confirmed address with nothing waiting shows nothing.
 */
export function EmailStatusLine() {
  const { data: status } = useEmailStatus();
  const resend = useResendConfirmation();
  const cancel = useCancelEmailChange();
  if (!status || (status.confirmed && !status.pending)) return null;

  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: "Link Sent",
          description: `Open the link we sent to ${status.pending?.email ?? status.email} within 30 minutes.`,
        }),
      onError: failed("Could not send the link. Please try again."),
    });

  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm" role="status">
      <p className="flex items-start gap-2">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {status.pending ? (
          <span>
            Waiting for confirmation: <strong className="break-all">{status.pending.email}</strong>.{" "}
            {Date.parse(status.pending.expiresAt) > Date.now()
              ? "Open the link we sent there"
              : "The link we sent there has expired; send a new one"}
            ; until then you sign in with <span className="break-all">{status.email}</span>.
          </span>
        ) : (
          <span>Your email is not confirmed yet. Open the link we sent to it, or ask for a new one.</span>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={resend.isPending} onClick={sendAgain}>
          {resend.isPending ? "Sending..." : status.pending ? "Resend Link" : "Send Confirmation Link"}
        </Button>
        {status.pending && (
          <CancelButton
            pending={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () =>
                  toast({ title: "Change Cancelled", description: "Your email stays as it is." }),
                onError: failed("Could not cancel the change. Please try again."),
              })
            }
          >
            Cancel Change
          </CancelButton>
        )}
      </div>
    </div>
  );
}
