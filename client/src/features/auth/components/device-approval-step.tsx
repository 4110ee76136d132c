import { useQuery } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { checkDeviceApproval } from "../api/devices";
import { toastLoginFailed, toastWelcomeBack } from "../utils/sign-in-toasts";

const POLL_MS = 3000;

/**
 * A right sign-in from a device the account has not trusted (device management): waits for the
 * approval, from the emailed link or a signed-in device, and signs in by itself when it comes.
 */
export function DeviceApprovalStep({
  onSignedIn,
  onBack,
}: {
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}) {
  const approval = useQuery({
    queryKey: ["device-approval"],
    queryFn: checkDeviceApproval,
    refetchInterval: (query) => (query.state.data === true || query.state.error ? false : POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    if (approval.data === true) {
      toastWelcomeBack();
      void onSignedIn();
    }
  }, [approval.data, onSignedIn]);

  useEffect(() => {
    if (approval.error) {
      toastLoginFailed(approval.error, "Your sign-in has expired. Please sign in again.");
      onBack();
    }
  }, [approval.error, onBack]);

  return (
    <section className="grid gap-4" aria-labelledby="device-approval-heading" aria-live="polite">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
          <MailCheck aria-hidden="true" className="size-[18px]" />
        </span>
        <div className="grid gap-1">
          <h2 id="device-approval-heading" className="font-semibold">
            Approve this device
          </h2>
          <p className="text-muted-foreground text-sm">
            Your account asks for approval when it signs in on a new device. We emailed you a link: open it
            within 30 minutes. Or approve this device where you are signed in already (Settings → Security →
            Devices).
          </p>
        </div>
      </div>
      <p className="text-sm">
        {approval.data === true
          ? "Approved. Signing you in..."
          : "Waiting for approval. This page signs in by itself."}
      </p>
      <Button type="button" variant="outline" onClick={onBack}>
        Back to sign in
      </Button>
    </section>
  );
}
