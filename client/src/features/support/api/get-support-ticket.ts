import { SUPPORT_PATHS, ZTicketThread } from "@shared/api/support";
import { pathTo } from "@shared/path-to";
import { useQuery } from "@tanstack/react-query";
import { supportKeys } from "@/lib/api/support-keys";
import { apiRequest } from "@/lib/api-client";

/** One of the user's tickets with its thread; read again each time it is opened. */
export function useSupportTicket(id: string | null) {
  return useQuery({
    queryKey: supportKeys.one(id ?? ""),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async () =>
      ZTicketThread.parse(
        await (await apiRequest("GET", pathTo(SUPPORT_PATHS.one, { id: id ?? "" }))).json(),
      ),
  });
}
