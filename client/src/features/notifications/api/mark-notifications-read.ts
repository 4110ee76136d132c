import { NOTIFICATIONS_PATHS, type TMarkNotificationsRead } from "@shared/api/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Marks some notifications read (by id) or all of them. */
export async function markNotificationsRead(body: TMarkNotificationsRead): Promise<void> {
  await apiRequest("POST", NOTIFICATIONS_PATHS.read, body);
}

/** The list and the bell's count are read again once the server has marked them. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
