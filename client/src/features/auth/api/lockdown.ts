import { SECURITY_PATHS, type TLockdownStatus, ZLockdownStatus } from "@shared/api/auth/security";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function getLockdownStatus(): Promise<TLockdownStatus> {
  return ZLockdownStatus.parse(await (await apiRequest("GET", SECURITY_PATHS.lockdown)).json());
}

/** Whether the account is locked down and waits for a new password. */
export function useLockdownStatus() {
  return useQuery({ queryKey: queryKeys.lockdown, queryFn: getLockdownStatus });
}

const ZLockdownAnswer = z.object({ endedSessions: z.number(), revokedApiKeys: z.number() });

/** "Lock down my account" (incident response): refreshes everything it changed. */
export function useLockDown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      ZLockdownAnswer.parse(await (await apiRequest("POST", SECURITY_PATHS.lockdown, {})).json()),
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.lockdown,
          queryKeys.sessions,
          queryKeys.devices,
          queryKeys.auditLog,
          queryKeys.apiKeys,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
