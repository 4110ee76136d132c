import { useSearch } from "wouter";
import { CheckoutShell } from "@/features/checkout/components/checkout-shell";
import { PaymentConfirmation } from "@/features/checkout/components/payment-confirmation";

/** /checkout/success: where every provider sends the buyer after paying. */
export default function CheckoutSuccessPage() {
  const orderId = new URLSearchParams(useSearch()).get("order");
  return (
    <CheckoutShell title="Payment Successful!">
      <PaymentConfirmation orderId={orderId} />
    </CheckoutShell>
  );
}
