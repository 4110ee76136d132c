import { SUPPORT_PATHS, type TNewTicketBody, ZTicketThread } from "@shared/api/support";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { supportKeys } from "@/lib/api/support-keys";
import { apiRequest } from "@/lib/api-client";

/** Opens a ticket; answers it with its thread. */
export function useOpenSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TNewTicketBody) =>
      ZTicketThread.parse(await (await apiRequest("POST", SUPPORT_PATHS.list, body)).json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
