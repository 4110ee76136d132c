import { type TPaymentSettings, ZPaymentSettings } from "@shared/api/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The same key as the settings page's payout form, so both read one cached answer. */
const PAYMENT_SETTINGS_PATH = "/api/payments/settings";

export async function getPayoutSchedule(): Promise<TPaymentSettings> {
  const res = await apiRequest("GET", PAYMENT_SETTINGS_PATH);
  return ZPaymentSettings.parse(await res.json());
}

export const payoutScheduleQueryOptions = () =>
  queryOptions({ queryKey: [PAYMENT_SETTINGS_PATH], queryFn: getPayoutSchedule });

/** The user's payout frequency and minimum (DESIGN §11: the Revenue Schedule shows them). */
export function usePayoutSchedule() {
  return useQuery(payoutScheduleQueryOptions());
}
