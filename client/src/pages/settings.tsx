import { useQueryClient } from "@tanstack/react-query";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiAccessCard } from "@/features/api-keys/components/api-access-card";
import { refreshSession, useSession } from "@/features/auth/api/get-session";
import { AuditLogCard } from "@/features/auth/components/audit-log-card";
import { DevicesCard } from "@/features/auth/components/devices-card";
import { LockdownCard } from "@/features/auth/components/lockdown-card";
import { PasskeysCard } from "@/features/auth/components/passkeys-card";
import { SessionsCard } from "@/features/auth/components/sessions-card";
import { TwoFactorCard } from "@/features/auth/components/two-factor-card";
import { BillingSection } from "@/features/billing/components/billing-section";
import { ConnectionsCard } from "@/features/connections/components/connections-card";
import { RenewOrDropCard } from "@/features/connections/components/renew-or-drop-card";
import { AccountPlanCard } from "@/features/settings/components/account-plan-card";
import { DeleteAccountCard } from "@/features/settings/components/delete-account-card";
import { NotificationSettingsCard } from "@/features/settings/components/notification-settings-card";
import { PayoutSettingsCard } from "@/features/settings/components/payout-settings-card";
import { ProfileSettingsCard } from "@/features/settings/components/profile-settings-card";
import { SecuritySettingsCard } from "@/features/settings/components/security-settings-card";
import { TaxFormCard } from "@/features/settings/components/tax-form-card";
import { UpgradeCatalogue } from "@/features/settings/components/upgrade-catalogue";
import { SupportCard } from "@/features/support/components/support-card";
import { TeamCard } from "@/features/team/components/team-card";

export default function SettingsPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();

  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <PageHeader
          className="mb-2"
          title="Settings"
          description="Manage your account, notifications, security and payouts."
        />
        <AccountPlanCard />
      </div>
      <BillingSection />
      <TeamCard />
      <div className="grid gap-6 lg:grid-cols-2">
        {user ? (
          <ProfileSettingsCard key={user.id} user={user} onSaved={() => refreshSession(queryClient)} />
        ) : (
          <Skeleton className="h-96 rounded-xl" />
        )}
        <NotificationSettingsCard />
        <SecuritySettingsCard />
        <PayoutSettingsCard />
        <TaxFormCard />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
        <DevicesCard />
        <div className="lg:col-span-2">
          <LockdownCard />
        </div>
        <div className="lg:col-span-2">
          <AuditLogCard />
        </div>
      </div>
      <ConnectionsCard />
      <RenewOrDropCard />
      <ApiAccessCard />
      <SupportCard />
      {user && <DeleteAccountCard email={user.email} />}
      {/* Offers come after the account's own settings and data. */}
      <UpgradeCatalogue />
    </div>
  );
}
