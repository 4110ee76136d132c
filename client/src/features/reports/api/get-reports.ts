import { REPORTS_PATHS, ZReportList } from "@shared/api/reports";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { BUILDING_POLL_MS, reportKeys } from "./report-keys";

/** The user's reports, newest first; looked at again while one of them is being built. */
export function useReports() {
  return useQuery({
    queryKey: reportKeys.list,
    queryFn: async () => ZReportList.parse(await (await apiRequest("GET", REPORTS_PATHS.list)).json()),
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === "queued" || r.status === "building")
        ? BUILDING_POLL_MS
        : false,
  });
}
