import type { TPaymentSettings } from "@shared/api/payments";
import { PAYOUT_FREQUENCIES, PAYOUT_MINIMUM } from "@shared/catalog";
import { Wallet } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
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
import { toast } from "@/lib/toast";
import { useUpdatePayoutSettings } from "../api/update-payout-settings";

const MINIMUM = Number(PAYOUT_MINIMUM);
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

function minimumProblem(text: string): string | null {
  if (!AMOUNT.test(text.trim())) return "Enter an amount in dollars and cents.";
  if (Number(text) < MINIMUM) return "Minimum payout must be at least $50.";
  return null;
}

function PayoutForm({ saved }: { saved: TPaymentSettings }) {
  const [minPayout, setMinPayout] = useState(saved.minPayout.toFixed(2));
  const [payoutFrequency, setPayoutFrequency] = useState(saved.payoutFrequency);
  const [autoPayout, setAutoPayout] = useState(saved.autoPayout);
  const [touched, setTouched] = useState(false);
  const update = useUpdatePayoutSettings();
  const ids = { minimum: useId(), minimumError: useId(), frequency: useId(), auto: useId() };
  const problem = minimumProblem(minPayout);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (problem || update.isPending) return;
    update.mutate(
      { minPayout: Number(minPayout), payoutFrequency, autoPayout },
      {
        onSuccess: (settings) => {
          setMinPayout(settings.minPayout.toFixed(2));
          toast({ title: "Settings Updated", description: "Your payout settings have been saved." });
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to update payout settings. Please try again."),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
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
            min={MINIMUM}
            step="0.01"
            className="pl-7"
            value={minPayout}
            onChange={(event) => setMinPayout(event.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && problem ? true : undefined}
            aria-describedby={ids.minimumError}
          />
        </div>
        <FieldError id={ids.minimumError}>{touched ? problem : null}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.frequency}>Payout Frequency</Label>
        <Select
          id={ids.frequency}
          value={payoutFrequency}
          onValueChange={(value) => setPayoutFrequency(value as TPaymentSettings["payoutFrequency"])}
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
        <Switch aria-labelledby={ids.auto} checked={autoPayout} onCheckedChange={setAutoPayout} />
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
