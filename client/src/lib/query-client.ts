import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";

/**
 * docs/product.md#the-calls defaults: never stale, no refetch on focus or interval, no retries. There is no default
 * query function: every read names its own (`features/<area>/api/get-*.ts`), which parses the answer.
 */
export function createQueryClient(): QueryClient {
  // A member removed from the portfolio they work in is back in their own (docs/security.md#team-seats):
  // everything cached belonged to the other portfolio, so it is all read again.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === "PORTFOLIO_ACCESS_ENDED") void client.invalidateQueries();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
