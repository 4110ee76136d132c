import { PROVIDER_LABELS, type TCheckoutProvider } from "@shared/api/checkout";
import { CreditCard, Wallet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

const PROVIDERS: { id: TCheckoutProvider; icon: typeof CreditCard; variant: "default" | "outline" }[] = [
  { id: "stripe", icon: CreditCard, variant: "default" },
  { id: "paypal", icon: Wallet, variant: "outline" },
];

/**
 * "Pay with …", a button a payment provider: while the payment `starting` is starting, its button
 * spins and all are disabled.
 */
export function ProviderButtons(props: {
  starting: TCheckoutProvider | null;
  onPay: (provider: TCheckoutProvider) => void;
}) {
  const { starting, onPay } = props;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {PROVIDERS.map(({ id, icon: Icon, variant }) => (
        <Button key={id} size="lg" variant={variant} disabled={starting !== null} onClick={() => onPay(id)}>
          {starting === id ? (
            <Spinner className="size-4 text-current" label="Starting payment" />
          ) : (
            <Icon aria-hidden="true" />
          )}
          Pay with {PROVIDER_LABELS[id]}
        </Button>
      ))}
    </div>
  );
}
