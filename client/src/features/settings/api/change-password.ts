import { AUTH_PATHS, type TChangePasswordBody } from "@shared/api/auth/sign-in";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Checks the current password, sets the new one and signs the user's other sessions out. */
export async function changePassword(body: TChangePasswordBody): Promise<void> {
  await apiRequest("POST", AUTH_PATHS.changePassword, body);
}

/** A new password also ends a lockdown and signs other sessions out: both lists refresh. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all(
        [queryKeys.lockdown, queryKeys.sessions, queryKeys.auditLog].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
