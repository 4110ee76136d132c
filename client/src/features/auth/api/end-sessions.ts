import { SECURITY_PATHS, ZEndedSessionsAnswer } from "@shared/api/auth/security";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Signs one session out (another device, or this one). */
export async function endSession(id: string): Promise<void> {
  await apiRequest("DELETE", pathTo(SECURITY_PATHS.session, { id }));
}

/** Signs out every session but this one; answers how many ended. */
export async function endOtherSessions(): Promise<number> {
  const res = await apiRequest("DELETE", SECURITY_PATHS.sessions);
  return ZEndedSessionsAnswer.parse(await res.json()).ended;
}

function useSessionsMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.auditLog });
    },
  });
}

export const useEndSession = () => useSessionsMutation(endSession);
export const useEndOtherSessions = () => useSessionsMutation(endOtherSessions);
