import { loadScript } from "@paypal/paypal-js";
import type { TPayPalSetup } from "@shared/api/payouts";
import { TEST_PAYMENT } from "@shared/catalog";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { formatMoney } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { captureTestOrder, createTestOrder } from "../api/wallet-test-payment";

/**
 * PayPal's own buttons, from PayPal's script loaded on demand. Creating and capturing the order
 * go through our API; SDK errors are only logged (docs/product.md#the-calls).
 */
export function PayPalWalletButtons({ setup, amount }: { setup: TPayPalSetup; amount: string }) {
  const container = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!setup.clientId) return;
    let closed = false;
    let close: (() => Promise<void>) | undefined;
    loadScript({
      clientId: setup.clientId,
      dataClientToken: setup.clientToken ?? undefined,
      currency: TEST_PAYMENT.currency,
      intent: TEST_PAYMENT.intent,
    })
      .then((paypal) => {
        if (closed || !paypal?.Buttons || !container.current) return;
        const buttons = paypal.Buttons({
          createOrder: () =>
            createTestOrder({ amount, currency: TEST_PAYMENT.currency, intent: TEST_PAYMENT.intent }),
          onApprove: async ({ orderID }) => {
            const capture = await captureTestOrder(orderID);
            await queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
            toast({
              title: "Payment Successful!",
              description: `${formatMoney(capture.amount)} was captured with PayPal.`,
            });
          },
          onError: (error) => console.error("PayPal SDK error", error),
        });
        close = () => buttons.close();
        return buttons.render(container.current);
      })
      .catch((error: unknown) => console.error("PayPal SDK failed to load", error));
    return () => {
      closed = true;
      void close?.().catch(() => undefined);
    };
  }, [setup, amount, queryClient]);

  return <div ref={container} className="mt-4 min-h-12" data-testid="paypal-buttons" />;
}
