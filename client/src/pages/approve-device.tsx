import { AuthBrandPanel, AuthMobileIntro } from "@/features/auth/components/auth-brand-panel";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ApproveDeviceForm } from "@/features/devices/components/approve-device-form";

export default function ApproveDevicePage() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <AuthBrandPanel />
      <main className="flex flex-col items-center justify-center gap-8 bg-background px-4 py-10 sm:px-8">
        <AuthMobileIntro />
        <AuthCard
          title="Approve a New Device"
          description="A sign-in to your account waits for your approval."
        >
          <ApproveDeviceForm />
        </AuthCard>
      </main>
    </div>
  );
}
