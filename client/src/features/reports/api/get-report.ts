import { REPORTS_PATHS, ZReport } from "@shared/api/reports";
import { pathTo } from "@shared/path-to";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { BUILDING_POLL_MS, reportKeys } from "./report-keys";

/** One report with its content; looked at again until it is ready or failed. */
export function useReport(id: string) {
  return useQuery({
    queryKey: reportKeys.one(id),
    queryFn: async () =>
      ZReport.parse(await (await apiRequest("GET", pathTo(REPORTS_PATHS.one, { id }))).json()),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "queued" || status === "building" ? BUILDING_POLL_MS : false;
    },
  });
}
