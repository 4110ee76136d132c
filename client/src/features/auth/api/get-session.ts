import { AUTH_PATHS, type TSessionUser, ZSessionAnswer } from "@shared/api/auth/sign-in";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { queryKeys } from "@/lib/query-keys";

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** The signed-in user, or null when signed out (a 401); any other failure is an error. */
export async function getSession(signal?: AbortSignal): Promise<TSessionUser | null> {
  try {
    const res = await apiRequest("GET", AUTH_PATHS.me, undefined, { signal });
    return ZSessionAnswer.parse(await res.json()).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The session read, cached 5 minutes. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: FIVE_MINUTES_MS,
    retry: false,
  });
}

/** The signed-in user, `null` when signed out, `undefined` while the check runs. */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { ...query, user: query.data };
}

/** Re-reads the session now (after sign-in or registration) and resolves once it is in the cache. */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}
