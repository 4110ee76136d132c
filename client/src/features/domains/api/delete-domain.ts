import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { DASHBOARD_QUERY_KEY, DOMAINS_QUERY_KEY } from "./get-domains";

export async function deleteDomain(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/domains/${id}`);
}

/** Removes a domain from the portfolio; its earned revenue stays. */
export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDomain,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...DOMAINS_QUERY_KEY, id] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]);
    },
  });
}
