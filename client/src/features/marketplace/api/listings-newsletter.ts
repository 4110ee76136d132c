import { marketplaceDealPaths, ZNewsletter } from "@shared/api/marketplace/deals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const key = [marketplaceDealPaths.newsletter];

/** Whether the signed-in user gets the weekly email of promoted listings. */
export function useListingsNewsletter() {
  return useQuery({
    queryKey: key,
    queryFn: async () =>
      ZNewsletter.parse(await (await apiRequest("GET", marketplaceDealPaths.newsletter)).json()),
  });
}

export function useSetListingsNewsletter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (subscribed: boolean) =>
      ZNewsletter.parse(
        await (await apiRequest("PUT", marketplaceDealPaths.newsletter, { subscribed })).json(),
      ),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
}
