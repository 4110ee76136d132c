import { QueryClient } from "@tanstack/react-query";

/**
 * docs/product.md#the-calls defaults: never stale, no refetch on focus or interval, no retries. There is no default
 * query function: every read names its own (`features/<area>/api/get-*.ts`), which parses the answer.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const queryClient = createQueryClient();
