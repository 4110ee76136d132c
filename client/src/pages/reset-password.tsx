import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";

export default function ResetPasswordPage() {
  return (
    <AuthLayout>
      <AuthCard
        title="Choose a New Password"
        description="Every device signed in to your account will be signed out."
      >
        <ResetPasswordForm />
      </AuthCard>
    </AuthLayout>
  );
}
