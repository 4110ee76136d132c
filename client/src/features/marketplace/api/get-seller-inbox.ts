import { marketplacePaths, type TSellerInbox, ZSellerInbox } from "@shared/api/marketplace/listings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Buyers write at any time; the inbox looks for new messages this often while open. */
export const SELLER_INBOX_REFRESH_MS = 30_000;

/** Buyers' messages to the signed-in seller, newest first, with the unread count. */
export async function getSellerInbox(): Promise<TSellerInbox> {
  const res = await apiRequest("GET", marketplacePaths.messages);
  return ZSellerInbox.parse(await res.json());
}

export const sellerInboxQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.sellerInbox,
    queryFn: getSellerInbox,
    refetchInterval: SELLER_INBOX_REFRESH_MS,
  });

export function useSellerInbox() {
  return useQuery(sellerInboxQueryOptions());
}
