import { adminPage } from "@shared/api/admin/console";
import {
  ADMIN_LEADS_PATHS,
  type TAdminLeadFilterInput,
  ZAdminLead,
  ZAdminLeadCounts,
} from "@shared/api/admin/leads";
import { pathTo } from "@shared/path-to";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const ZLeadPage = adminPage(ZAdminLead);

/** The console's lead keys: every read of them starts with the list's path. */
export const leadKeys = {
  all: [ADMIN_LEADS_PATHS.list],
  page: (filter: TAdminLeadFilterInput) => [ADMIN_LEADS_PATHS.list, "page", filter],
  counts: (filter: TAdminLeadFilterInput) => [ADMIN_LEADS_PATHS.list, "counts", filter],
};

/** The filter as query parameters (blank fields left out). */
export function leadSearchParams(filter: TAdminLeadFilterInput, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  return params;
}

/** One page of the leads a filter finds, newest first. */
export async function getLeadPage(filter: TAdminLeadFilterInput, cursor: string | undefined) {
  const params = leadSearchParams(filter, cursor ? { cursor } : {});
  const res = await apiRequest("GET", `${ADMIN_LEADS_PATHS.list}?${params}`);
  return ZLeadPage.parse(await res.json());
}

export function useLeadCounts(filter: TAdminLeadFilterInput) {
  return useQuery({
    queryKey: leadKeys.counts(filter),
    queryFn: async () => {
      const res = await apiRequest("GET", `${ADMIN_LEADS_PATHS.counts}?${leadSearchParams(filter)}`);
      return ZAdminLeadCounts.parse(await res.json());
    },
  });
}

/** Returns a lead with a reason; the lists and counts are read again. */
export function useReturnLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      apiRequest("POST", pathTo(ADMIN_LEADS_PATHS.return, { id: input.id }), { reason: input.reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}
