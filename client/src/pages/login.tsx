import { AuthBrandPanel, AuthMobileIntro } from "@/features/auth/components/auth-brand-panel";
import { AuthForm } from "@/features/auth/components/auth-form";

export default function LoginPage() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <AuthBrandPanel />
      <main className="flex flex-col items-center justify-center gap-8 bg-background px-4 py-10 sm:px-8">
        <AuthMobileIntro />
        <AuthForm />
      </main>
    </div>
  );
}
