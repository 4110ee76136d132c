import { type TPaymentSettings, ZPaymentSettings } from "@shared/api/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const PAYMENT_SETTINGS_PATH = "/api/payments/settings";

/** The payout minimum, frequency and auto payout, as saved. */
export async function getPayoutSettings(): Promise<TPaymentSettings> {
  const res = await apiRequest("GET", PAYMENT_SETTINGS_PATH);
  return ZPaymentSettings.parse(await res.json());
}

export const payoutSettingsQueryOptions = () =>
  queryOptions({ queryKey: [PAYMENT_SETTINGS_PATH], queryFn: getPayoutSettings });

export function usePayoutSettings() {
  return useQuery(payoutSettingsQueryOptions());
}
