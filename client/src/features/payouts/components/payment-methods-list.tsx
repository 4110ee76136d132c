import { CreditCard, Wallet } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { usePaymentMethods } from "../api/get-payment-methods";

/** Which providers are connected, and which run in test mode where no money moves. */
export function PaymentMethodsList() {
  const methods = usePaymentMethods();
  if (methods.isPending) return <Skeleton className="h-16 w-full" />;
  if (methods.isError) return null;
  return (
    <ul className="grid gap-2 border-t pt-4" aria-label="Payment methods">
      {methods.data.map((method) => {
        const Icon = method.kind === "card" ? CreditCard : Wallet;
        return (
          <li key={method.id} className="flex items-center justify-between gap-3 text-sm">
            <span className="flex items-center gap-2 text-slate-700">
              <Icon aria-hidden="true" className="size-4 text-slate-500" />
              {method.name}
              <span className="text-muted-foreground">
                · {method.usedFor.map((use) => (use === "checkout" ? "checkout" : "payouts")).join(" and ")}
              </span>
            </span>
            {method.mode === "live" ? (
              <Badge variant="success">Live</Badge>
            ) : (
              <Badge variant="warning">Test mode</Badge>
            )}
          </li>
        );
      })}
    </ul>
  );
}
