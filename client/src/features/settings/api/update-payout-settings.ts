import {
  PAYMENT_PATHS,
  type TPaymentSettings,
  type TPaymentSettingsBody,
  ZPaymentSettings,
} from "@shared/api/payouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { payoutSettingsQueryOptions } from "@/lib/api/get-payout-settings";
import { apiRequest } from "@/lib/api-client";

/** Saves the payout minimum (at least $50), the frequency and auto payout. */
export async function updatePayoutSettings(body: TPaymentSettingsBody): Promise<TPaymentSettings> {
  const res = await apiRequest("PUT", PAYMENT_PATHS.settings, body);
  return ZPaymentSettings.parse(await res.json());
}

export function useUpdatePayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayoutSettings,
    onSuccess: (saved) => queryClient.setQueryData(payoutSettingsQueryOptions().queryKey, saved),
  });
}
