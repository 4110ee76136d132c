import type { TAdNetwork } from "@shared/api/domains";
import { parkingReportPath, type TParkingImportResult, ZParkingImportResult } from "@shared/api/parking";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { postCsv } from "./upload-csv";

export async function importParkingReport(input: {
  network: TAdNetwork;
  file: Blob;
}): Promise<TParkingImportResult> {
  const res = await postCsv(parkingReportPath(input.network), input.file);
  return ZParkingImportResult.parse(await res.json());
}

/**
 * Imports a network's daily report into the ledger; the portfolio's figures, the dashboard and
 * the activity feed are refreshed.
 */
export function useImportParkingReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importParkingReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.domains }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.revenueStreams }),
      ]),
  });
}
