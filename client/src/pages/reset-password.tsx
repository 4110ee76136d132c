import { AuthBrandPanel, AuthMobileIntro } from "@/features/auth/components/auth-brand-panel";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";

export default function ResetPasswordPage() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <AuthBrandPanel />
      <main className="flex flex-col items-center justify-center gap-8 bg-background px-4 py-10 sm:px-8">
        <AuthMobileIntro />
        <AuthCard
          title="Choose a New Password"
          description="Every device signed in to your account will be signed out."
        >
          <ResetPasswordForm />
        </AuthCard>
      </main>
    </div>
  );
}
