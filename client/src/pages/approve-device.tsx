import { ApproveDeviceForm } from "@/features/auth/components/approve-device-form";
import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthLayout } from "@/features/auth/components/auth-layout";

export default function ApproveDevicePage() {
  return (
    <AuthLayout>
      <AuthCard title="Approve a New Device" description="A sign-in to your account waits for your approval.">
        <ApproveDeviceForm />
      </AuthCard>
    </AuthLayout>
  );
}
