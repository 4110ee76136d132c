import { useCancelEmailChangeByLink } from "@/features/auth/api/email-links";
import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { EmailLinkAction } from "@/features/auth/components/email-link-action";

export default function CancelEmailChangePage() {
  const cancel = useCancelEmailChangeByLink();
  return (
    <AuthLayout>
      <AuthCard title="Cancel an Email Change" description="Your account keeps the address it has now.">
        <EmailLinkAction
          action={cancel}
          intro="If you did not ask to change your account's email, cancel the change, then reset your password: someone may know it."
          button="Cancel the Change"
          busy="Cancelling..."
          done="The change is cancelled: your account keeps its address. If it was not you, reset your password now."
          failed="There is no waiting change for this link."
        />
      </AuthCard>
    </AuthLayout>
  );
}
