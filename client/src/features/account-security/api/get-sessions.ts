import type { TSignedInSession } from "@shared/api/security";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const SESSIONS_PATH = "/api/auth/sessions";

/** The account's signed-in sessions, this one first. */
export async function getSessions(): Promise<TSignedInSession[]> {
  const res = await apiRequest("GET", SESSIONS_PATH);
  return ((await res.json()) as { sessions: TSignedInSession[] }).sessions;
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: [SESSIONS_PATH], queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
