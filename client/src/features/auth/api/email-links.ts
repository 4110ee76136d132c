import { EMAIL_PATHS } from "@shared/api/auth/email";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The link mailed to an address: proves it (a change of address takes effect now). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      await apiRequest("POST", EMAIL_PATHS.confirm, { token });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      await queryClient.invalidateQueries({ queryKey: queryKeys.emailStatus });
    },
  });
}

/** The link mailed to the old address: the waiting change never happens. */
export function useCancelEmailChangeByLink() {
  return useMutation({
    mutationFn: async (token: string) => {
      await apiRequest("POST", EMAIL_PATHS.cancel, { token });
    },
  });
}
