import { SECURITY_PATHS, type TSignedInSession, ZSessionsAnswer } from "@shared/api/auth/security";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The account's signed-in sessions, this one first. */
export async function getSessions(): Promise<TSignedInSession[]> {
  const res = await apiRequest("GET", SECURITY_PATHS.sessions);
  return ZSessionsAnswer.parse(await res.json()).sessions;
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.sessions, queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
