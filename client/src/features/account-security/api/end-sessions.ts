import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { SESSIONS_PATH } from "./get-sessions";

/** Signs one session out (another device, or this one). */
export async function endSession(id: string): Promise<void> {
  await apiRequest("DELETE", `${SESSIONS_PATH}/${encodeURIComponent(id)}`);
}

/** Signs out every session but this one; answers how many ended. */
export async function endOtherSessions(): Promise<number> {
  const res = await apiRequest("DELETE", SESSIONS_PATH);
  return ((await res.json()) as { ended: number }).ended;
}

function useSessionsMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [SESSIONS_PATH] });
      void queryClient.invalidateQueries({ queryKey: ["/api/audit-log"] });
    },
  });
}

export const useEndSession = () => useSessionsMutation(endSession);
export const useEndOtherSessions = () => useSessionsMutation(endOtherSessions);
