import { CheckCircle2 } from "lucide-react";
import { useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/api-error";
import { useApproveDeviceByLink } from "../api/devices";

/**
 * The page an approval email links to. It approves only when asked (a mail scanner that opens the
 * link approves nothing); the waiting sign-in then completes by itself.
 */
export function ApproveDeviceForm() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const approve = useApproveDeviceByLink();

  if (!token) return <p className="text-sm">This link is incomplete. Sign in again to get a new one.</p>;
  if (approve.isSuccess) {
    return (
      <p className="flex items-start gap-2 text-sm" role="status">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        Device approved. The sign-in that was waiting continues by itself; you can close this page.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Approve only if you are signing in on another device right now. If you are not, do not approve it, and
        change your password.
      </p>
      {approve.isError && (
        <p className="text-destructive text-sm" role="alert">
          {apiErrorMessage(approve.error, "This approval link is invalid or has expired.")}
        </p>
      )}
      <Button type="button" size="lg" disabled={approve.isPending} onClick={() => approve.mutate(token)}>
        {approve.isPending ? "Approving..." : "Approve This Device"}
      </Button>
    </div>
  );
}
