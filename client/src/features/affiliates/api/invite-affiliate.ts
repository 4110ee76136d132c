import {
  AFFILIATE_INVITE_PATH,
  type TAffiliate,
  type TInviteAffiliateBody,
  ZAffiliate,
} from "@shared/api/affiliates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { affiliateStatsQueryOptions } from "./get-affiliate-stats";
import { affiliatesQueryOptions } from "./get-affiliates";

/** Invites an address; the server mails the registration link. */
export async function inviteAffiliate(body: TInviteAffiliateBody): Promise<TAffiliate> {
  const res = await apiRequest("POST", AFFILIATE_INVITE_PATH, body);
  return ZAffiliate.parse(await res.json());
}

export function useInviteAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAffiliate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries(affiliatesQueryOptions()),
        queryClient.invalidateQueries(affiliateStatsQueryOptions()),
      ]),
  });
}
