import { DOMAIN_PATHS, type TCreateDomainBody, type TDomain, ZDomain } from "@shared/api/domains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function createDomain(body: TCreateDomainBody): Promise<TDomain> {
  const res = await apiRequest("POST", DOMAIN_PATHS.list, body);
  return ZDomain.parse(await res.json());
}

/**
 * Adds a domain; the portfolio and the dashboard are refreshed. The refresh is not awaited: the
 * first domain replaces the empty state that holds the dialog, and the caller's success toast
 * must run before that dialog unmounts.
 */
export function useCreateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDomain,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.domains });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
