import { CONNECTION_PATHS, type TConnection } from "@shared/api/connections";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function listConnections(): Promise<TConnection[]> {
  return (await apiRequest("GET", CONNECTION_PATHS.list)).json();
}

/** The account's connections; looked at again every few seconds while one is due or running. */
export const useConnections = () =>
  useQuery({
    queryKey: queryKeys.connections,
    queryFn: listConnections,
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.running || (!c.paused && c.lastRunAt === null)) ? 3_000 : false,
  });
