import {
  BILLING_PORTAL_PATH,
  cancelOrderPath,
  subscriptionActionPath,
  type TSubscription,
  ZSubscription,
} from "@shared/api/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Cancel at the period end, or resume. */
export async function setCancelAtPeriodEnd(input: { id: string; cancel: boolean }): Promise<TSubscription> {
  const res = await apiRequest("POST", subscriptionActionPath(input.id, input.cancel ? "cancel" : "resume"));
  return ZSubscription.parse(await res.json());
}

/** Another option of the same offer: the offer's body with the new choice and its price. */
export async function changeOption(input: { id: string; request: Record<string, unknown> }) {
  const res = await apiRequest("POST", subscriptionActionPath(input.id, "change"), {
    request: input.request,
  });
  return ZSubscription.parse(await res.json());
}

/** Cancels an order that was never paid. */
export async function cancelOrder(orderId: string): Promise<void> {
  await apiRequest("POST", cancelOrderPath(orderId));
}

/** The Stripe Customer Portal's address. */
export async function openBillingPortal(): Promise<string> {
  const res = await apiRequest("POST", BILLING_PORTAL_PATH);
  return z.object({ url: z.string() }).parse(await res.json()).url;
}

/** A billing change refreshes everything it can move: subscriptions, receipts, orders, plan. */
function useBillingMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.subscriptions,
        queryKeys.receipts,
        queryKeys.pendingOrders,
        queryKeys.entitlements,
        queryKeys.accountSettings,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

export const useSetCancelAtPeriodEnd = () => useBillingMutation(setCancelAtPeriodEnd);
export const useChangeOption = () => useBillingMutation(changeOption);
export const useCancelOrder = () => useBillingMutation(cancelOrder);
export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
