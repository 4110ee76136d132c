import {
  CHECKOUT_PATHS,
  type TCheckoutAnswer,
  type TCheckoutProvider,
  ZCheckoutAnswer,
} from "@shared/api/checkout";
import { pathTo } from "@shared/path-to";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * Opens the provider's hosted checkout for the order; the server prices it, the client sends only the id.
 * The answer's `checkoutUrl` may be missing (docs/product.md#validation-and-messages), which the caller reports.
 */
export async function startCheckout(
  orderId: string,
  provider: TCheckoutProvider,
): Promise<Partial<TCheckoutAnswer>> {
  const res = await apiRequest("POST", pathTo(CHECKOUT_PATHS.pay, { id: orderId }), { provider });
  return ZCheckoutAnswer.partial().parse(await res.json());
}

export function useStartCheckout(orderId: string) {
  return useMutation({ mutationFn: (provider: TCheckoutProvider) => startCheckout(orderId, provider) });
}
