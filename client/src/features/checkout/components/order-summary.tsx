import type { TServiceOrder } from "@shared/api/checkout";
import { Globe } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatMoney } from "@/lib/format";

/**
 * The order as the buyer is about to pay for it: its name, status, domain, and the total; a
 * monthly offer says so and when it renews.
 */
export function OrderSummary({ order }: { order: TServiceOrder }) {
  const paid = order.status === "paid";
  return (
    <div className="space-y-5">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900 text-xl">{order.name}</h2>
          <p className="mt-1 text-muted-foreground text-sm">{order.description}</p>
        </div>
        <Badge variant={paid ? "success" : "warning"} className="capitalize">
          {order.status}
        </Badge>
      </div>
      {order.metadata.domainName && (
        <div className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-slate-700 text-sm">
          <Globe aria-hidden="true" className="size-4 text-slate-500" />
          <span>Domain:</span>
          <span className="font-medium text-slate-900">{order.metadata.domainName}</span>
        </div>
      )}
      <div className="flex items-baseline justify-between border-t pt-4">
        <span className="font-medium text-slate-600">Total</span>
        <span className="text-right">
          <span className="font-bold text-2xl text-emerald-700">{formatMoney(order.price)}</span>
          {order.billing === "monthly" && order.renewsOn && (
            <span className="block text-muted-foreground text-sm" data-testid="order-renewal">
              /month, renews on {formatDate(order.renewsOn)}
            </span>
          )}
        </span>
      </div>
    </div>
  );
}
