import {
  NOTIFICATION_SETTINGS_PATH,
  type TNotificationSettings,
  ZNotificationSettings,
} from "@shared/api/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Revenue Alerts, Domain Expiry Warnings and Affiliate Updates, as saved. */
export async function getNotificationSettings(): Promise<TNotificationSettings> {
  const res = await apiRequest("GET", NOTIFICATION_SETTINGS_PATH);
  return ZNotificationSettings.parse(await res.json());
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notificationSettings, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
