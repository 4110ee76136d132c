import type { TSubscription } from "@shared/api/billing";
import { ACCOUNT_PLANS, ANALYTICS_PLANS, API_PLANS, type PricedOption, SUPPORT_TIERS } from "@shared/catalog";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { apiErrorMessage } from "@/lib/api-error";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useChangeOption } from "../api/update-billing";

/** The monthly offers with one choice, and the body field that holds it. */
const CHOICES: Record<string, { field: string; options: readonly PricedOption[] }> = {
  accountUpgrade: { field: "plan", options: ACCOUNT_PLANS },
  premiumAnalytics: { field: "plan", options: ANALYTICS_PLANS },
  supportSubscription: { field: "tier", options: SUPPORT_TIERS },
  apiAccess: { field: "plan", options: API_PLANS },
};

/** True when the subscription's option can be changed here (one choice, not PayPal). */
export const canChangeOption = (sub: TSubscription) =>
  sub.status === "active" && sub.provider !== "paypal" && Boolean(CHOICES[sub.offer]);

/** Another option of the same offer; the card provider prorates, the sandbox charges the difference. */
export function ChangeOption({ sub }: { sub: TSubscription }) {
  const choice = CHOICES[sub.offer];
  const current = String(sub.request[choice.field] ?? "");
  const [picked, setPicked] = useState(current);
  const change = useChangeOption();
  const option = choice.options.find((o) => o.id === picked);

  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!option || picked === current) return;
        change.mutate(
          { id: sub.id, request: { [choice.field]: option.id, price: option.price } },
          {
            onSuccess: () =>
              toast({
                title: "Option changed",
                description: `${option.label}: ${formatMoney(option.price)} per month.`,
              }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Change failed",
                description: apiErrorMessage(error, "Please try again."),
              }),
          },
        );
      }}
    >
      <Select
        aria-label={`Option of ${sub.option}`}
        className="w-56"
        value={picked}
        onValueChange={setPicked}
        options={choice.options.map((o) => ({
          value: o.id,
          label: `${o.label} · ${formatMoney(o.price)}/mo`,
        }))}
      />
      <Button type="submit" size="sm" variant="outline" disabled={picked === current || change.isPending}>
        Change option
      </Button>
    </form>
  );
}
