import { SUPPORT_PATHS, ZSupportTarget } from "@shared/api/support";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { supportKeys } from "./support-keys";

/** The support tier the user holds and how soon staff answer it. */
export function useSupportTarget() {
  return useQuery({
    queryKey: supportKeys.target,
    queryFn: async () => ZSupportTarget.parse(await (await apiRequest("GET", SUPPORT_PATHS.target)).json()),
  });
}
