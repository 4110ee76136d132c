import { SUPPORT_PATHS, ZTicket } from "@shared/api/support";
import { useQuery } from "@tanstack/react-query";
import { supportKeys } from "@/lib/api/support-keys";
import { apiRequest } from "@/lib/api-client";

const ZTickets = ZTicket.array();

/** The user's tickets, the latest message first. */
export function useSupportTickets() {
  return useQuery({
    queryKey: supportKeys.list,
    queryFn: async () => ZTickets.parse(await (await apiRequest("GET", SUPPORT_PATHS.list)).json()),
  });
}
