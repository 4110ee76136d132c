import { PAGE_PATHS, type TPageAnswer, type TPageBody, ZPageAnswer } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function savePage(input: { domainId: string; page: TPageBody }): Promise<TPageAnswer> {
  const res = await apiRequest("PUT", pathTo(PAGE_PATHS.page, { id: input.domainId }), input.page);
  return ZPageAnswer.parse(await res.json());
}

/** Saves the page as a new version; the page and its versions are read again. */
export function useSavePage(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: TPageBody) => savePage({ domainId, page }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parkedPage(domainId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pageVersions(domainId) }),
      ]),
  });
}
