import { APPRAISAL_PATHS, ZAppraisalAccuracy } from "@shared/api/appraisals";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The appraisal engine's backtest on the platform's closed sales, read afresh each time. */
export function useAppraisalAccuracy() {
  return useQuery({
    queryKey: [APPRAISAL_PATHS.accuracy],
    staleTime: 0,
    queryFn: async () =>
      ZAppraisalAccuracy.parse(await (await apiRequest("GET", APPRAISAL_PATHS.accuracy)).json()),
  });
}
