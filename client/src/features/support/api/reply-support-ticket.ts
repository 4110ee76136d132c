import { SUPPORT_PATHS } from "@shared/api/support";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { supportKeys } from "@/lib/api/support-keys";
import { apiRequest } from "@/lib/api-client";

/** Writes on one of the user's tickets (reopening it), or closes it. */
export function useUpdateSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reply: string } | { id: string; close: true }) =>
      "close" in input
        ? apiRequest("POST", pathTo(SUPPORT_PATHS.close, { id: input.id }), {})
        : apiRequest("POST", pathTo(SUPPORT_PATHS.messages, { id: input.id }), { body: input.reply }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
