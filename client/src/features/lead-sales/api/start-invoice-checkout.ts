import { type TCheckoutProvider, ZCheckoutAnswer } from "@shared/api/checkout";
import { LEAD_INVOICE_PATHS } from "@shared/api/lead-sales";
import { pathTo } from "@shared/path-to";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Opens the provider's hosted checkout for the invoice's own total: the page sends only the provider. */
export async function startInvoiceCheckout(token: string, provider: TCheckoutProvider) {
  const res = await apiRequest("POST", pathTo(LEAD_INVOICE_PATHS.checkout, { token }), { provider });
  return ZCheckoutAnswer.parse(await res.json());
}

export function useStartInvoiceCheckout(token: string) {
  return useMutation({ mutationFn: (provider: TCheckoutProvider) => startInvoiceCheckout(token, provider) });
}
