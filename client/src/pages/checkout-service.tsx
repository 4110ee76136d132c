import { useParams, useSearch } from "wouter";
import { LeaveCheckout } from "@/features/billing/components/leave-checkout";
import { useServiceOrder } from "@/features/checkout/api/get-service-order";
import {
  AlreadyPaidNotice,
  CancelledNotice,
  OrderLoadError,
} from "@/features/checkout/components/checkout-notices";
import { CheckoutShell } from "@/features/checkout/components/checkout-shell";
import { CheckoutSkeleton } from "@/features/checkout/components/checkout-skeleton";
import { OrderSummary } from "@/features/checkout/components/order-summary";
import { PayButtons } from "@/features/checkout/components/pay-buttons";
import { SecurePaymentNote } from "@/features/checkout/components/secure-payment-note";
import { errorMessage } from "@/lib/api-error";

/** /checkout/service/{id}: pay for one service order with the card or the wallet provider. */
export default function CheckoutServicePage() {
  const { id = "" } = useParams<{ id: string }>();
  const cancelled = new URLSearchParams(useSearch()).get("cancelled") === "true";
  const order = useServiceOrder(id);

  if (order.isPending) {
    return (
      <CheckoutShell title="Complete Your Purchase">
        <CheckoutSkeleton />
      </CheckoutShell>
    );
  }
  if (order.isError) {
    return (
      <CheckoutShell title="Complete Your Purchase">
        <OrderLoadError message={errorMessage(order.error, "Service order not found")} />
      </CheckoutShell>
    );
  }
  const paid = order.data.status === "paid";
  if (order.data.status === "cancelled") {
    return (
      <CheckoutShell title="Complete Your Purchase">
        <OrderLoadError message="This order was cancelled and can no longer be paid." />
      </CheckoutShell>
    );
  }
  return (
    <CheckoutShell title="Complete Your Purchase">
      {cancelled && !paid && <CancelledNotice />}
      <OrderSummary order={order.data} />
      <div className="mt-6">{paid ? <AlreadyPaidNotice /> : <PayButtons orderId={order.data.id} />}</div>
      {!paid && <SecurePaymentNote />}
      {!paid && <LeaveCheckout orderId={order.data.id} />}
    </CheckoutShell>
  );
}
