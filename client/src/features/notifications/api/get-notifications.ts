import { NOTIFICATIONS_PATHS, type TNotificationList, ZNotificationList } from "@shared/api/notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** How often the bell asks for new notifications while the page is open. */
const NOTIFICATIONS_REFRESH_MS = 30_000;

/** The newest notifications and how many are unread. */
export async function getNotifications(): Promise<TNotificationList> {
  const res = await apiRequest("GET", NOTIFICATIONS_PATHS.list);
  return ZNotificationList.parse(await res.json());
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications,
    queryFn: getNotifications,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
