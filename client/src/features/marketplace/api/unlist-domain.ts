import { marketplacePaths } from "@shared/api/marketplace/listings";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshListings } from "./get-marketplace-listings";

export async function unlistDomain(domainId: string): Promise<void> {
  await apiRequest("DELETE", pathTo(marketplacePaths.unlist, { domainId }));
}

/** Takes one of the user's domains off the marketplace. */
export function useUnlistDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlistDomain,
    onSuccess: () => refreshListings(queryClient),
  });
}
