import { PAGE_PATHS, type TPageBody, ZPagePreview } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The page as visitors would see it, rendered by the server (nothing saved). */
export async function previewPage(domainId: string, page: TPageBody, signal?: AbortSignal): Promise<string> {
  const res = await apiRequest("POST", pathTo(PAGE_PATHS.preview, { id: domainId }), page, { signal });
  return ZPagePreview.parse(await res.json()).html;
}

/** The live preview of a draft: read again whenever the (debounced) draft changes; null while it is invalid. */
export function usePagePreview(domainId: string, draft: TPageBody | null) {
  return useQuery({
    queryKey: [pathTo(PAGE_PATHS.preview, { id: domainId }), draft],
    queryFn: ({ signal }) => previewPage(domainId, draft as TPageBody, signal),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
  });
}
