import { marketplacePaths, ZLanderAnswer } from "@shared/api/marketplace/listings";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshListings } from "./get-marketplace-listings";

export async function setLander(body: { domainId: string; shown: boolean }) {
  const res = await apiRequest("PUT", pathTo(marketplacePaths.lander, { domainId: body.domainId }), {
    shown: body.shown,
  });
  return ZLanderAnswer.parse(await res.json());
}

/** Shows or hides a listing's price, Buy now and Make offer on the name's parked page. */
export function useSetLander() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLander,
    onSuccess: () => refreshListings(queryClient),
  });
}
