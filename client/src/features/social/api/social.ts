import {
  SOCIAL_PATHS,
  socialPostPath,
  type TNewSocialPost,
  type TSocialSchedule,
  ZSocialPost,
  ZSocialSchedule,
} from "@shared/api/social";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The feed's address, the webhook and the posts (403 without the Social Scheduler). */
export async function getSocialSchedule(): Promise<TSocialSchedule> {
  const res = await apiRequest("GET", SOCIAL_PATHS.posts);
  return ZSocialSchedule.parse(await res.json());
}

export const socialScheduleQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.social, queryFn: getSocialSchedule, retry: false });

export function useSocialSchedule() {
  return useQuery(socialScheduleQueryOptions());
}

function useSocialMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.social }),
  });
}

export const useSchedulePost = () =>
  useSocialMutation(async (input: TNewSocialPost) =>
    ZSocialPost.parse(await (await apiRequest("POST", SOCIAL_PATHS.posts, input)).json()),
  );

export const useDeletePost = () =>
  useSocialMutation((id: string) => apiRequest("DELETE", socialPostPath(id)));

export const useSetWebhook = () =>
  useSocialMutation((url: string) => apiRequest("PUT", SOCIAL_PATHS.webhook, { url }));
