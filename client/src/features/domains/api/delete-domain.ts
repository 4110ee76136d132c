import { DOMAIN_PATHS } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function deleteDomain(id: string): Promise<void> {
  await apiRequest("DELETE", pathTo(DOMAIN_PATHS.one, { id }));
}

/** Removes a domain from the portfolio; its earned revenue stays. */
export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDomain,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.domain(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.domains }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
