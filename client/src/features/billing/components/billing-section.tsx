import { CreditCard } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSubscriptions } from "@/lib/api/get-subscriptions";
import { toastError } from "@/lib/toast";
import { useOpenBillingPortal } from "../api/update-billing";
import { PendingOrdersList } from "./pending-orders-list";
import { ReceiptsList } from "./receipts-list";
import { SubscriptionItem } from "./subscription-item";

/** Settings → Billing: subscriptions, unpaid orders and receipts (docs/money.md#subscriptions-and-entitlements). */
export function BillingSection() {
  const subscriptions = useSubscriptions();
  const portal = useOpenBillingPortal();
  const list = subscriptions.data ?? [];
  const byCard = list.some((s) => s.provider === "stripe");

  return (
    <section
      id="billing"
      aria-labelledby="billing-heading"
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
            <CreditCard aria-hidden="true" className="size-[18px]" />
          </span>
          <div className="grid gap-1">
            <h2 id="billing-heading" className="font-semibold text-base">
              Billing
            </h2>
            <p className="text-muted-foreground text-sm">Your subscriptions, unpaid orders and receipts.</p>
          </div>
        </div>
        {byCard && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={portal.isPending}
            onClick={() =>
              portal.mutate(undefined, {
                onSuccess: (url) => window.location.assign(url),
                onError: (error) => toastError(error),
              })
            }
          >
            Manage card billing
          </Button>
        )}
      </div>
      <section aria-labelledby="subscriptions-heading" className="grid gap-1">
        <h3 id="subscriptions-heading" className="font-semibold text-slate-900 text-sm">
          Subscriptions
        </h3>
        {subscriptions.isPending ? (
          <Skeleton className="h-16" />
        ) : subscriptions.isError ? (
          <p className="text-destructive text-sm">Failed to load your subscriptions.</p>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No subscriptions. Monthly plans you buy appear here.
          </p>
        ) : (
          <ul className="divide-y">
            {list.map((sub) => (
              <SubscriptionItem key={sub.id} sub={sub} />
            ))}
          </ul>
        )}
      </section>
      <PendingOrdersList />
      <ReceiptsList />
    </section>
  );
}
