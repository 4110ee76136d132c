import { PAGE_PATHS, ZPageImageAnswer } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Uploads an image for the page's image block; answers its id. */
export async function uploadPageImage(domainId: string, file: File): Promise<string> {
  const res = await apiRequest("POST", pathTo(PAGE_PATHS.images, { id: domainId }), file);
  return ZPageImageAnswer.parse(await res.json()).id;
}

export const useUploadPageImage = (domainId: string) =>
  useMutation({ mutationFn: (file: File) => uploadPageImage(domainId, file) });
