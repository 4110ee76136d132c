import { marketplacePaths, type TSellerInbox } from "@shared/api/marketplace/listings";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sellerInboxQueryOptions } from "./get-seller-inbox";

export async function markMessageRead(messageId: string): Promise<void> {
  await apiRequest("POST", pathTo(marketplacePaths.readMessage, { id: messageId }));
}

/** Marks a message read; the inbox shows it read at once and is then refreshed from the server. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onMutate: (messageId) => {
      queryClient.setQueryData(sellerInboxQueryOptions().queryKey, (inbox: TSellerInbox | undefined) => {
        if (!inbox) return inbox;
        const target = inbox.messages.find((m) => m.id === messageId);
        if (!target || target.readAt) return inbox;
        return {
          unreadCount: Math.max(0, inbox.unreadCount - 1),
          messages: inbox.messages.map((m) =>
            m.id === messageId ? { ...m, readAt: new Date().toISOString() } : m,
          ),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerInboxQueryOptions().queryKey }),
  });
}
