import {
  PAYMENT_PATHS,
  PAYOUT_REQUEST_KEY_HEADER,
  type TPayoutAnswer,
  type TPayoutBody,
  ZPayoutAnswer,
} from "@shared/api/payouts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * Withdraws the amount to a PayPal account; the server refuses anything the balance does not
 * cover. The same `requestKey` sent again is answered with the payout it made, not a second one.
 */
export async function requestPayout({
  requestKey,
  ...body
}: TPayoutBody & { requestKey: string }): Promise<TPayoutAnswer> {
  const res = await apiRequest("POST", PAYMENT_PATHS.payout, body, {
    headers: { [PAYOUT_REQUEST_KEY_HEADER]: requestKey },
  });
  return ZPayoutAnswer.parse(await res.json());
}

export function useRequestPayout() {
  return useMutation({ mutationFn: requestPayout });
}
