import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";

export default function ForgotPasswordPage() {
  return (
    <AuthLayout>
      <AuthCard title="Forgot Password" description="We'll email you a link to choose a new password.">
        <ForgotPasswordForm />
      </AuthCard>
    </AuthLayout>
  );
}
