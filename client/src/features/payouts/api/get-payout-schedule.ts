import { useQuery } from "@tanstack/react-query";
import { payoutSettingsQueryOptions } from "@/lib/api/get-payout-settings";

/**
 * The user's payout frequency and minimum (docs/product.md#figures-that-are-real: the Revenue Schedule shows them): the
 * Settings page's payout read, so both show one cached answer.
 */
export function usePayoutSchedule() {
  return useQuery(payoutSettingsQueryOptions());
}
