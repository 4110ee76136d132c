import { CONNECTION_PATHS, type TConnectionService } from "@shared/api/connections";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Every registrar and parking network that can be connected, with the fields each asks for. */
export async function listServices(): Promise<TConnectionService[]> {
  return (await apiRequest("GET", CONNECTION_PATHS.services)).json();
}

export const useConnectionServices = () =>
  useQuery({
    queryKey: queryKeys.connectionServices,
    queryFn: listServices,
    staleTime: Number.POSITIVE_INFINITY,
  });
