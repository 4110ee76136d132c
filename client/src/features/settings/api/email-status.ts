import { EMAIL_PATHS, type TEmailStatus, ZEmailStatus } from "@shared/api/auth/email";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The account's address, whether it is confirmed, and a change waiting for its link. */
export async function getEmailStatus(): Promise<TEmailStatus> {
  const res = await apiRequest("GET", EMAIL_PATHS.status);
  return ZEmailStatus.parse(await res.json());
}

/** Read on every visit: the link is opened elsewhere (a mail app, another device). */
export const emailStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.emailStatus, queryFn: getEmailStatus, staleTime: 0 });

export const useEmailStatus = () => useQuery(emailStatusQueryOptions());

/** Mails the waiting link again; the previous one stops working. */
export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", EMAIL_PATHS.resend);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.emailStatus }),
  });
}

/** Drops the waiting change of address. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      ZEmailStatus.parse(await (await apiRequest("DELETE", EMAIL_PATHS.pending)).json()),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.emailStatus, status),
  });
}
