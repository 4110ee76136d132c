import type { TSessionUser } from "@shared/api/auth";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

type SessionAnswer = { user: TSessionUser };

export const SESSION_QUERY_KEY = ["/api/auth/me"] as const;
const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** The session read: a 401 means signed out (null), any other failure is an error; cached 5 minutes. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getQueryFn<SessionAnswer>({ on401: "returnNull" }),
    staleTime: FIVE_MINUTES_MS,
    retry: false,
  });
}

/** The signed-in user, `null` when signed out, `undefined` while the check runs. */
export function useSession() {
  const query = useQuery({ ...sessionQueryOptions(), select: (answer) => answer?.user ?? null });
  return { ...query, user: query.data };
}

/** Re-reads the session now (after sign-in or registration) and resolves once it is in the cache. */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}
