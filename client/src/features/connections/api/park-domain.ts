import { CONNECTION_PATHS, type TParkResult, type TRegistrarDomain } from "@shared/api/connections";
import { pathTo } from "@shared/path-to";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** What the connected registrar holding the name says of it (null: no connected registrar holds it). */
export async function getRegistrarDomain(domainId: string): Promise<TRegistrarDomain | null> {
  const body = (await (await apiRequest("GET", pathTo(CONNECTION_PATHS.domain, { domainId }))).json()) as {
    registrar: TRegistrarDomain | null;
  };
  return body.registrar;
}

export const useRegistrarDomain = (domainId: string) =>
  useQuery({ queryKey: queryKeys.registrarDomain(domainId), queryFn: () => getRegistrarDomain(domainId) });

/** Park in one step: the registrar sets the name's nameservers to its pair, then the name is checked. */
export async function parkDomain(domainId: string): Promise<TParkResult> {
  return (await apiRequest("POST", pathTo(CONNECTION_PATHS.park, { domainId }))).json();
}

export function useParkDomain(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => parkDomain(domainId),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
