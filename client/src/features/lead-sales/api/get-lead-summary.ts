import { LEADS_SUMMARY_PATH, ZLeadSummary } from "@shared/api/leads/leads";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** What became of the leads on the owner's domains: sold, unsold, returned. */
export function useLeadSummary() {
  return useQuery({
    queryKey: [LEADS_SUMMARY_PATH],
    queryFn: async () => ZLeadSummary.parse(await (await apiRequest("GET", LEADS_SUMMARY_PATH)).json()),
  });
}
