import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TPaymentSettings,
  type TPaymentSettingsBody,
  type TPaymentSettingsUpdate,
  ZPaymentSettingsBody,
} from "@shared/api/payouts";
import { PAYOUT_FREQUENCIES, PAYOUT_MINIMUM } from "@shared/catalog";
import { Wallet } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { SettingsCard } from "@/components/settings-card";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { usePayoutSettings } from "@/lib/api/get-payout-settings";
import { errorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useUpdatePayoutSettings } from "../api/update-payout-settings";

const formValues = (saved: TPaymentSettings): TPaymentSettingsBody => ({
  minPayout: saved.minPayout,
  payoutFrequency: saved.payoutFrequency,
  autoPayout: saved.autoPayout,
});

/** The form on the API's own schema: the minimum is checked (an amount, at least $50) before anything is sent. */
function PayoutForm({ saved }: { saved: TPaymentSettings }) {
  const update = useUpdatePayoutSettings();
  const form = useForm<TPaymentSettingsBody, unknown, TPaymentSettingsUpdate>({
    resolver: zodResolver(ZPaymentSettingsBody),
    defaultValues: formValues(saved),
  });
  const ids = { minimum: useId(), minimumError: useId(), frequency: useId(), auto: useId() };
  const problem = form.formState.errors.minPayout?.message;

  function save(values: TPaymentSettingsUpdate) {
    if (update.isPending) return;
    update.mutate(values, {
      onSuccess: (settings) => {
        form.reset(formValues(settings));
        toast({ title: "Settings Updated", description: "Your payout settings have been saved." });
      },
      onError: (error) => {
        if (showServerIssues(error, form.setError, ["minPayout"])) return;
        toast({
          title: "Error",
          description: errorMessage(error, "Failed to update payout settings. Please try again."),
          variant: "destructive",
        });
      },
    });
  }

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={ids.minimum}>Minimum Payout Amount</Label>
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground text-sm">
            $
          </span>
          <Input
            id={ids.minimum}
            type="number"
            inputMode="decimal"
            min={PAYOUT_MINIMUM}
            step="0.01"
            className="pl-7"
            {...form.register("minPayout")}
            aria-invalid={problem ? true : undefined}
            aria-describedby={ids.minimumError}
          />
        </div>
        <FieldError id={ids.minimumError}>{problem}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.frequency}>Payout Frequency</Label>
        <Select
          id={ids.frequency}
          {...form.register("payoutFrequency")}
          options={PAYOUT_FREQUENCIES.map((f) => ({ value: f.id, label: f.label }))}
        />
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border px-3 py-3">
        <div>
          <p id={ids.auto} className="font-medium text-slate-900 text-sm">
            Auto Payout
          </p>
          <p className="text-muted-foreground text-xs">Transfer your balance automatically on schedule</p>
        </div>
        <Controller
          control={form.control}
          name="autoPayout"
          render={({ field }) => (
            <Switch
              aria-labelledby={ids.auto}
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
            />
          )}
        />
      </div>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Payout Settings"}
        </Button>
      </div>
    </form>
  );
}

/** Payout minimum (at least $50), frequency and auto payout, saved with the account. */
export function PayoutSettingsCard() {
  const settings = usePayoutSettings();
  return (
    <SettingsCard
      id="payout-settings"
      icon={Wallet}
      title="Payout Settings"
      description="When and how your balance is paid out."
    >
      {settings.isError ? (
        <p className="text-destructive text-sm">Failed to load your payout settings.</p>
      ) : settings.data ? (
        <PayoutForm saved={settings.data} />
      ) : (
        <div className="grid gap-4">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-14" />
        </div>
      )}
    </SettingsCard>
  );
}
