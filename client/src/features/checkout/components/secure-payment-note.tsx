import { Lock } from "lucide-react";

export function SecurePaymentNote() {
  return (
    <p className="mt-5 flex items-center justify-center gap-2 text-center text-muted-foreground text-xs">
      <Lock aria-hidden="true" className="size-3.5" />
      Secure payment: you pay on Stripe's or PayPal's own page, and your card details never reach ParkPilot.
    </p>
  );
}
