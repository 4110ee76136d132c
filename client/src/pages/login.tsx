import { AuthForm } from "@/features/auth/components/auth-form";
import { AuthLayout } from "@/features/auth/components/auth-layout";

export default function LoginPage() {
  return (
    <AuthLayout>
      <AuthForm />
    </AuthLayout>
  );
}
