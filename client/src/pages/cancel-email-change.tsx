import { useCancelEmailChangeByLink } from "@/features/auth/api/email-links";
import { AuthBrandPanel, AuthMobileIntro } from "@/features/auth/components/auth-brand-panel";
import { AuthCard } from "@/features/auth/components/auth-card";
import { EmailLinkAction } from "@/features/auth/components/email-link-action";

export default function CancelEmailChangePage() {
  const cancel = useCancelEmailChangeByLink();
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <AuthBrandPanel />
      <main className="flex flex-col items-center justify-center gap-8 bg-background px-4 py-10 sm:px-8">
        <AuthMobileIntro />
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
      </main>
    </div>
  );
}
