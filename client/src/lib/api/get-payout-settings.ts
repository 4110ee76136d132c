import { PAYMENT_PATHS, type TPaymentSettings, ZPaymentSettings } from "@shared/api/payouts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The payout minimum, frequency and auto payout, as saved. */
export async function getPayoutSettings(): Promise<TPaymentSettings> {
  const res = await apiRequest("GET", PAYMENT_PATHS.settings);
  return ZPaymentSettings.parse(await res.json());
}

export const payoutSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.paymentSettings, queryFn: getPayoutSettings });

export function usePayoutSettings() {
  return useQuery(payoutSettingsQueryOptions());
}
