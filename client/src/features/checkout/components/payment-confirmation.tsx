import type { TServiceOrder } from "@shared/api/checkout";
import { CheckCircle2, Mail } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/format";
import { offerSuccess } from "@/lib/purchase-offer";
import { toast } from "@/lib/toast";
import { useServiceOrder } from "../api/get-service-order";

/**
 * The offer's success message ("API Access Activated!"), said once the order reads paid and not a
 * moment before: as a toast, and on the page for whoever missed it.
 */
function Activated({ order }: { order: TServiceOrder }) {
  const success = offerSuccess(order.offerId);
  const report = order.report;
  // A report says where it stands, not the offer's general turnaround: a ready one links to itself.
  const description = !report
    ? success?.description
    : report.status === "ready"
      ? "Your report is ready."
      : report.status === "failed"
        ? "Your report could not be built; open it to see why."
        : "Your report is being built; you are notified and mailed a link when it is ready.";
  const told = useRef(false);
  useEffect(() => {
    if (!success || told.current) return;
    told.current = true;
    toast({ title: success.title, description });
  }, [success, description]);
  if (!success) return null;
  return (
    <div className="grid gap-2 text-left" data-testid="order-activated">
      <div>
        <p className="font-semibold text-emerald-800">{success.title}</p>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {report && (
        <Link
          href={`/reports/${report.id}`}
          className={buttonVariants({
            variant: report.status === "ready" ? "default" : "outline",
            size: "sm",
          })}
        >
          {report.status === "ready" ? "Open Your Report" : "Follow Your Report"}
        </Link>
      )}
    </div>
  );
}

/** The order just paid for, read again until the provider's confirmation has arrived. */
function PaidOrderLine({ orderId }: { orderId: string }) {
  const order = useServiceOrder(orderId, { pollWhilePending: true });
  if (order.isPending) return <Skeleton className="h-14 w-full" />;
  if (order.isError) return null;
  const paid = order.data.status === "paid";
  return (
    <div className="grid gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm">
      <div className="flex items-center justify-between gap-4 text-left">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{order.data.name}</p>
          <p className="truncate text-muted-foreground">
            {paid ? order.data.description : "Confirming your payment…"}
          </p>
        </div>
        <span className="font-semibold text-emerald-700">{formatMoney(order.data.price)}</span>
      </div>
      {paid && <Activated order={order.data} />}
    </div>
  );
}

/** The payment was processed and a confirmation email will follow. */
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
