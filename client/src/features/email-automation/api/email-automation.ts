import {
  EMAIL_SEQUENCES_PATH,
  type TEmailAutomation,
  type TNewSequence,
  ZEmailAutomation,
} from "@shared/api/email-automation";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The user's sequences, what each step sent, unsubscribes and today's sending (403 without the tool). */
export async function getEmailAutomation(): Promise<TEmailAutomation> {
  const res = await apiRequest("GET", EMAIL_SEQUENCES_PATH);
  return ZEmailAutomation.parse(await res.json());
}

export const emailAutomationQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.emailAutomation, queryFn: getEmailAutomation, retry: false });

export function useEmailAutomation() {
  return useQuery(emailAutomationQueryOptions());
}

export function useCreateSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TNewSequence) => apiRequest("POST", EMAIL_SEQUENCES_PATH, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.emailAutomation }),
  });
}

export function useDeleteSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `${EMAIL_SEQUENCES_PATH}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.emailAutomation }),
  });
}
