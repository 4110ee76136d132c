import { PAGE_PATHS, type TPageAnswer, ZPageAnswer } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function restorePageVersion(domainId: string, version: number): Promise<TPageAnswer> {
  const res = await apiRequest("POST", pathTo(PAGE_PATHS.restore, { id: domainId, version }));
  return ZPageAnswer.parse(await res.json());
}

/** Makes an earlier version the page again (as a new version). */
export function useRestorePageVersion(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restorePageVersion(domainId, version),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parkedPage(domainId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pageVersions(domainId) }),
      ]),
  });
}
