import { checkoutPagePath } from "@shared/api/checkout";
import { Link } from "wouter";
import { CancelButton } from "@/components/cancel-button";
import { buttonVariants } from "@/components/ui/button";
import { formatDate, formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { usePendingOrders } from "../api/get-pending-orders";
import { useCancelOrder } from "../api/update-billing";

/** Orders started and never paid: pay them, or cancel them. */
export function PendingOrdersList() {
  const orders = usePendingOrders();
  const cancel = useCancelOrder();
  const pending = orders.data ?? [];
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-orders-heading" className="grid gap-2">
      <h3 id="pending-orders-heading" className="font-semibold text-slate-900 text-sm">
        Unpaid orders
      </h3>
      <ul className="divide-y rounded-lg border">
        {pending.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
            <span className="min-w-0">
              <span className="font-medium">{order.description}</span>
              <span className="text-muted-foreground">
                {" "}
                · {formatMoney(order.price)} · started {formatDate(order.createdAt)}
              </span>
            </span>
            <span className="flex gap-2">
              <Link href={checkoutPagePath(order.id)} className={buttonVariants({ size: "sm" })}>
                Pay
              </Link>
              <CancelButton
                variant="outline"
                pending={cancel.isPending}
                onClick={() =>
                  cancel.mutate(order.id, {
                    onSuccess: () => toast({ title: "Order cancelled", description: order.description }),
                    onError: (error) => toastError(error),
                  })
                }
              >
                Cancel order
              </CancelButton>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
