import {
  NOTIFICATION_SETTINGS_PATH,
  type TNotificationSettings,
  ZNotificationSettings,
} from "@shared/api/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { notificationSettingsQueryOptions } from "./get-notification-settings";

/** Saves all three switches; the answer is what is stored. */
export async function updateNotificationSettings(
  settings: TNotificationSettings,
): Promise<TNotificationSettings> {
  const res = await apiRequest("PUT", NOTIFICATION_SETTINGS_PATH, settings);
  return ZNotificationSettings.parse(await res.json());
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, saved),
  });
}
