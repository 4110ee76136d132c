import {
  marketplacePaths,
  type TListDomainBody,
  type TListingAnswer,
  ZListingAnswer,
} from "@shared/api/marketplace/listings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshListings } from "./get-marketplace-listings";

export async function listDomain(body: TListDomainBody): Promise<TListingAnswer> {
  const res = await apiRequest("POST", marketplacePaths.list, body);
  return ZListingAnswer.parse(await res.json());
}

/** Lists one of the user's domains for sale; the listings and the portfolio are refreshed. */
export function useListDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: listDomain,
    onSuccess: () => refreshListings(queryClient),
  });
}
