import { adminPage } from "@shared/api/admin/console";
import { ADMIN_PAYOUTS_PATHS, ZAdminPayout } from "@shared/api/admin/payouts";
import { ZPayoutAnswer } from "@shared/api/payouts";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const ZPayoutPage = adminPage(ZAdminPayout);

/** The console's payout keys: every read of them starts with the list's path. */
export const payoutKeys = {
  all: [ADMIN_PAYOUTS_PATHS.list],
  page: (status: string, q: string) => [ADMIN_PAYOUTS_PATHS.list, "page", status, q],
};

/** One page of payouts in a status (`held`: the review queue), newest first. */
export async function getPayoutPage(status: string, q: string, cursor: string | undefined) {
  const params = new URLSearchParams({ status });
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const res = await apiRequest("GET", `${ADMIN_PAYOUTS_PATHS.list}?${params}`);
  return ZPayoutPage.parse(await res.json());
}

/** Approves a held payout (it is sent at once) or rejects it with a reason; the lists are read again. */
export function useReviewPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { id: string; approve: true } | { id: string; approve: false; reason: string },
    ) => {
      if (!input.approve) {
        await apiRequest("POST", pathTo(ADMIN_PAYOUTS_PATHS.reject, { id: input.id }), {
          reason: input.reason,
        });
        return null;
      }
      const res = await apiRequest("POST", pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: input.id }), {});
      return ZPayoutAnswer.parse(await res.json());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
