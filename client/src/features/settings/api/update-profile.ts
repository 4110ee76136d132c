import { AUTH_PATHS, type TProfileBody, ZProfileAnswer } from "@shared/api/auth/sign-in";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * Saves name and username; a new email waits for the link mailed to it (`pendingEmail`). The
 * server refuses a malformed email or a taken username.
 */
export async function updateProfile(body: TProfileBody) {
  const res = await apiRequest("PUT", AUTH_PATHS.profile, body);
  return ZProfileAnswer.parse(await res.json());
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.emailStatus }),
  });
}
