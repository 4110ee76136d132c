import { CheckCircle2, Mail } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, formatServiceType } from "@/lib/format";
import { useServiceOrder } from "../api/get-service-order";

/** The order just paid for, read again until the provider's confirmation has arrived. */
function PaidOrderLine({ orderId }: { orderId: string }) {
  const order = useServiceOrder(orderId, { pollWhilePending: true });
  if (order.isPending) return <Skeleton className="h-14 w-full" />;
  if (order.isError) return null;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg bg-slate-50 px-4 py-3 text-left text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{formatServiceType(order.data.serviceType)}</p>
        <p className="truncate text-muted-foreground">
          {order.data.status === "paid" ? order.data.description : "Confirming your payment…"}
        </p>
      </div>
      <span className="font-semibold text-emerald-700">{formatMoney(order.data.price)}</span>
    </div>
  );
}

/** Spec §2: the payment was processed and a confirmation email will follow. */
export function PaymentConfirmation({ orderId }: { orderId: string | null }) {
  return (
    <div className="space-y-6 text-center">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100">
        <CheckCircle2 aria-hidden="true" className="size-8 text-emerald-600" />
      </div>
      <div className="space-y-2">
        <p className="text-lg text-slate-900">Your payment has been processed successfully.</p>
        <p className="flex items-center justify-center gap-2 text-muted-foreground text-sm">
          <Mail aria-hidden="true" className="size-4" />
          You will receive a confirmation email shortly.
        </p>
      </div>
      {orderId && <PaidOrderLine orderId={orderId} />}
      <Link href="/dashboard" className={buttonVariants({ size: "lg", className: "w-full sm:w-auto" })}>
        Return to Dashboard
      </Link>
    </div>
  );
}
