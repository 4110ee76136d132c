import {
  ADMIN_SALES_PATHS,
  type TDisputeDecisionBody,
  ZAdminDispute,
  ZDisputeDecision,
} from "@shared/api/admin/sales";
import { pathTo } from "@shared/path-to";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** The disputed sales, latest dispute first, read afresh each time the section opens. */
export function useDisputes() {
  return useQuery({
    queryKey: [ADMIN_SALES_PATHS.disputes],
    staleTime: 0,
    queryFn: async () =>
      z.array(ZAdminDispute).parse(await (await apiRequest("GET", ADMIN_SALES_PATHS.disputes)).json()),
  });
}

export type TDisputeAction =
  | ({ kind: "release" } & TDisputeDecisionBody)
  | ({ kind: "refund" } & TDisputeDecisionBody)
  | ({ kind: "partialRefund"; amount: string } & TDisputeDecisionBody);

const PATH = { release: "release", refund: "refund", partialRefund: "partialRefund" } as const;

/** One decision on a disputed sale; the list is read again after it. */
export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: TDisputeAction }) => {
      const { kind, ...body } = action;
      const res = await apiRequest("POST", pathTo(ADMIN_SALES_PATHS[PATH[kind]], { id }), body);
      return ZDisputeDecision.parse(await res.json());
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SALES_PATHS.disputes] }),
  });
}
