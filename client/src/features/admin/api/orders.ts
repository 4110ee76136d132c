import { adminPage } from "@shared/api/admin/console";
import {
  ADMIN_ORDERS_PATHS,
  type TRefundOrderBody,
  ZAdminOrder,
  ZStaffRefund,
} from "@shared/api/admin/orders";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const ZOrderPage = adminPage(ZAdminOrder);

/** The console's order keys: every read of them starts with the list's path. */
export const orderKeys = {
  all: [ADMIN_ORDERS_PATHS.list],
  page: (q: string) => [ADMIN_ORDERS_PATHS.list, "page", q],
};

/** One page of the paid orders a search finds, newest first. */
export async function getOrderPage(q: string, cursor: string | undefined) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const res = await apiRequest("GET", `${ADMIN_ORDERS_PATHS.list}?${params}`);
  return ZOrderPage.parse(await res.json());
}

/** Refunds an order in full (no amount) or in part; the lists are read again. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string } & TRefundOrderBody) => {
      const res = await apiRequest("POST", pathTo(ADMIN_ORDERS_PATHS.refunds, { id: input.id }), {
        amount: input.amount,
        reason: input.reason,
      });
      return ZStaffRefund.parse(await res.json());
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
