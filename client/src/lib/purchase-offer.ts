import { type TPurchaseAnswer, ZPurchaseAnswer } from "@shared/api/purchases";
import { isOfferKey, OFFERS, type OfferBody, type OfferKey, type OfferToast } from "@shared/catalog";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** Posts an offer's body to its path; the server answers the pending order and its checkout page. */
export async function purchaseOffer<K extends OfferKey>(
  offerKey: K,
  body: OfferBody<K>,
): Promise<TPurchaseAnswer> {
  const res = await apiRequest("POST", OFFERS[offerKey].path, body);
  return ZPurchaseAnswer.parse(await res.json());
}

/** The one purchase mutation of every dialog: `mutate(body)` resolves to `{orderId, checkoutUrl}`. */
export function usePurchaseOffer<K extends OfferKey>(offerKey: K) {
  return useMutation({ mutationFn: (body: OfferBody<K>) => purchaseOffer(offerKey, body) });
}

/**
 * After a purchase: open the new order's checkout page. The offer's success message ("API Access
 * Activated!") waits for the payment: the confirmation page shows it once the order is paid.
 */
export function useOpenCheckout() {
  const [, navigate] = useLocation();
  return useCallback((answer: TPurchaseAnswer) => navigate(answer.checkoutUrl), [navigate]);
}

/** The success message of the offer an order is for, or null for an order of no known offer. */
export function offerSuccess(offerId: string): OfferToast | null {
  return isOfferKey(offerId) ? OFFERS[offerId].toasts.success : null;
}

/** The spec's destructive failure toast of an offer (docs/product.md#validation-and-messages). */
export function toastPurchaseFailure(offerKey: OfferKey): void {
  const { title, description } = OFFERS[offerKey].toasts.failure;
  toast({ title, description, variant: "destructive" });
}
