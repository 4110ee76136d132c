import { marketplacePaths } from "@shared/api/marketplace";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { MARKETPLACE_LISTINGS_QUERY_KEY } from "./get-marketplace-listings";
import { OWN_DOMAINS_QUERY_KEY } from "./get-own-domains";

export async function unlistDomain(domainId: string): Promise<void> {
  await apiRequest("DELETE", marketplacePaths.unlist(domainId));
}

/** Takes one of the user's domains off the marketplace. */
export function useUnlistDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlistDomain,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MARKETPLACE_LISTINGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: OWN_DOMAINS_QUERY_KEY }),
      ]);
    },
  });
}
