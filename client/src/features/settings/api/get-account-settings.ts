import { ACCOUNT_SETTINGS_PATH, type TAccountSettings, ZAccountSettings } from "@shared/api/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The account's plan: `free` until a plan order is paid. */
export async function getAccountSettings(): Promise<TAccountSettings> {
  const res = await apiRequest("GET", ACCOUNT_SETTINGS_PATH);
  return ZAccountSettings.parse(await res.json());
}

/** Read again on every visit: the plan changes when a checkout elsewhere completes. */
export const accountSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.accountSettings, queryFn: getAccountSettings, staleTime: 0 });

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}
