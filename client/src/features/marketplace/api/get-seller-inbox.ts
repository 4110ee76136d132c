import { marketplacePaths, type TSellerInbox } from "@shared/api/marketplace";
import { useQuery } from "@tanstack/react-query";

export const SELLER_INBOX_QUERY_KEY = [marketplacePaths.messages] as const;
/** Buyers write at any time; the inbox looks for new messages this often while open. */
export const SELLER_INBOX_REFRESH_MS = 30_000;

/** Buyers' messages to the signed-in seller, newest first, with the unread count. */
export function useSellerInbox() {
  return useQuery<TSellerInbox>({
    queryKey: SELLER_INBOX_QUERY_KEY,
    refetchInterval: SELLER_INBOX_REFRESH_MS,
  });
}
