import type { TNotificationSettings } from "@shared/api/settings";
import { Bell } from "lucide-react";
import { useId } from "react";
import { SettingsCard } from "@/components/settings-card";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useNotificationSettings } from "../api/get-notification-settings";
import { useUpdateNotificationSettings } from "../api/update-notification-settings";

const SWITCHES: { key: keyof TNotificationSettings; label: string; hint: string }[] = [
  { key: "revenueAlerts", label: "Revenue Alerts", hint: "When your domains earn revenue" },
  {
    key: "expiryWarnings",
    label: "Domain Expiry Warnings",
    hint: "Emails 30, 7 and 1 days before a domain expires",
  },
  {
    key: "affiliateUpdates",
    label: "Affiliate Updates",
    hint: "When your affiliates join or earn commission",
  },
];

function SwitchRow(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p id={labelId} className="font-medium text-slate-900 text-sm">
          {props.label}
        </p>
        <p id={hintId} className="text-muted-foreground text-xs">
          {props.hint}
        </p>
      </div>
      <Switch
        aria-labelledby={labelId}
        aria-describedby={hintId}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}

/** Three switches, each saved as soon as it is flipped (docs/product.md#figures-that-are-real: saved with the user). */
export function NotificationSettingsCard() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  // While a change is saving, show it; the query holds what is stored.
  const shown = update.isPending ? update.variables : settings.data;

  function change(key: keyof TNotificationSettings, checked: boolean) {
    if (!settings.data) return;
    update.mutate(
      { ...settings.data, [key]: checked },
      {
        onSuccess: () =>
          toast({ title: "Settings Updated", description: "Your notification preferences have been saved." }),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to update notifications. Please try again."),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <SettingsCard
      id="notification-settings"
      icon={Bell}
      title="Notifications"
      description="Choose what we email you about."
    >
      {settings.isError ? (
        <p className="text-destructive text-sm">Failed to load your notification settings.</p>
      ) : !shown ? (
        <div className="grid gap-4 py-2">
          {SWITCHES.map((s) => (
            <Skeleton key={s.key} className="h-10" />
          ))}
        </div>
      ) : (
        <div className="divide-y">
          {SWITCHES.map((s) => (
            <SwitchRow
              key={s.key}
              label={s.label}
              hint={s.hint}
              checked={shown[s.key]}
              disabled={update.isPending}
              onChange={(checked) => change(s.key, checked)}
            />
          ))}
        </div>
      )}
    </SettingsCard>
  );
}
