import { PROVIDER_LABELS, type TCheckoutProvider } from "@shared/api/checkout";
import { CreditCard, Wallet } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useStartCheckout } from "../api/start-checkout";

const PROVIDERS: { id: TCheckoutProvider; icon: typeof CreditCard; variant: "default" | "outline" }[] = [
  { id: "stripe", icon: CreditCard, variant: "default" },
  { id: "paypal", icon: Wallet, variant: "outline" },
];

/**
 * Pay with card provider / Pay with wallet provider (docs/product.md#screens). While one payment is starting
 * both are disabled; a failure clears the in-progress marker and shows the spec's error toast.
 */
export function PayButtons({ orderId }: { orderId: string }) {
  const [starting, setStarting] = useState<TCheckoutProvider | null>(null);
  const checkout = useStartCheckout(orderId);

  const pay = (provider: TCheckoutProvider) => {
    const name = PROVIDER_LABELS[provider];
    setStarting(provider);
    checkout.mutate(provider, {
      onSuccess: ({ checkoutUrl }) => {
        if (!checkoutUrl) {
          setStarting(null);
          toast({
            title: "Payment Error",
            description: `Failed to create ${name} checkout session`,
            variant: "destructive",
          });
          return;
        }
        window.location.assign(checkoutUrl);
      },
      onError: (error) => {
        setStarting(null);
        toast({
          title: "Payment Error",
          description: errorMessage(error, `Failed to initiate ${name} checkout`),
          variant: "destructive",
        });
      },
    });
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {PROVIDERS.map(({ id, icon: Icon, variant }) => (
        <Button key={id} size="lg" variant={variant} disabled={starting !== null} onClick={() => pay(id)}>
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
