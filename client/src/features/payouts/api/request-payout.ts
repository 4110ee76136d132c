import { PAYMENT_PATHS, type TPayoutAnswer, type TPayoutBody, ZPayoutAnswer } from "@shared/api/payouts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Withdraws the amount to a PayPal account; the server refuses anything the balance does not cover. */
export async function requestPayout(body: TPayoutBody): Promise<TPayoutAnswer> {
  const res = await apiRequest("POST", PAYMENT_PATHS.payout, body);
  return ZPayoutAnswer.parse(await res.json());
}

export function useRequestPayout() {
  return useMutation({ mutationFn: requestPayout });
}
