import type { TSubscription } from "@shared/api/billing";
import { providerLabel } from "@shared/api/checkout";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useSetCancelAtPeriodEnd } from "../api/update-billing";
import { ChangeOption, canChangeOption } from "./change-option";

function statusOf(sub: TSubscription): {
  label: string;
  variant: "success" | "warning" | "neutral" | "destructive";
} {
  if (sub.status === "past_due") return { label: "Past due", variant: "destructive" };
  if (sub.status === "lapsed") return { label: "Lapsed", variant: "neutral" };
  if (sub.status === "canceled") return { label: "Ended", variant: "neutral" };
  if (sub.cancelAtPeriodEnd) return { label: "Cancels at period end", variant: "warning" };
  return { label: "Active", variant: "success" };
}

function when(sub: TSubscription): string {
  if (sub.status === "past_due" && sub.graceEndsAt)
    return `Kept until ${formatDate(sub.graceEndsAt)} unless paid`;
  if (sub.status === "canceled" || sub.status === "lapsed")
    return `Ended ${formatDate(sub.currentPeriodEnd)}`;
  if (sub.cancelAtPeriodEnd) return `Ends on ${formatDate(sub.currentPeriodEnd)}`;
  return `Renews on ${formatDate(sub.currentPeriodEnd)}`;
}

/** One subscription: what, how much, its state and next date, and what can be done with it. */
export function SubscriptionItem({ sub }: { sub: TSubscription }) {
  const toggle = useSetCancelAtPeriodEnd();
  const status = statusOf(sub);
  const live = sub.status === "active" || sub.status === "past_due";
  const act = (cancel: boolean) =>
    toggle.mutate(
      { id: sub.id, cancel },
      {
        onSuccess: (next) =>
          toast({
            title: cancel ? "Subscription cancelled" : "Subscription resumed",
            description: cancel
              ? `It stays active until ${formatDate(next.currentPeriodEnd)}.`
              : `It renews on ${formatDate(next.currentPeriodEnd)}.`,
          }),
        onError: (error) => toastError(error),
      },
    );

  return (
    <li className="grid gap-3 py-4" data-testid="subscription">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <span className="font-medium text-slate-900">{sub.option}</span>
          <span className="text-muted-foreground text-sm">
            {formatMoney(sub.amount)} per month · {providerLabel(sub.provider)} · {when(sub)}
          </span>
        </div>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      {live && (
        <div className="flex flex-wrap items-center gap-2">
          {sub.cancelAtPeriodEnd ? (
            <Button type="button" size="sm" onClick={() => act(false)} disabled={toggle.isPending}>
              Resume
            </Button>
          ) : (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => act(true)}
              disabled={toggle.isPending}
            >
              Cancel subscription
            </Button>
          )}
          {canChangeOption(sub) && <ChangeOption sub={sub} />}
        </div>
      )}
    </li>
  );
}
