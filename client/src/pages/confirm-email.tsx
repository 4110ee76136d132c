import { useConfirmEmail } from "@/features/auth/api/email-links";
import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { EmailLinkAction } from "@/features/auth/components/email-link-action";

export default function ConfirmEmailPage() {
  const confirm = useConfirmEmail();
  return (
    <AuthLayout>
      <AuthCard title="Confirm Your Email" description="This proves the address is yours.">
        <EmailLinkAction
          action={confirm}
          intro="Confirm that this mailbox belongs to you. A new address takes effect as soon as you do; you then sign in with it."
          button="Confirm Email"
          busy="Confirming..."
          done="Your email is confirmed. You can close this page."
          failed="This link is invalid or has expired. Settings can send you a new one."
        />
      </AuthCard>
    </AuthLayout>
  );
}
