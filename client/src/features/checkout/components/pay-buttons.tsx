import { PROVIDER_LABELS, type TCheckoutProvider } from "@shared/api/checkout";
import { useState } from "react";
import { ProviderButtons } from "@/components/provider-buttons";
import { errorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useStartCheckout } from "../api/start-checkout";

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

  return <ProviderButtons starting={starting} onPay={pay} />;
}
