import type { TAdNetwork } from "@shared/api/domains";
import type { TParkingImportResult } from "@shared/api/parking";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DASHBOARD_QUERY_KEY, DOMAINS_QUERY_KEY, STREAMS_QUERY_KEY } from "./get-domains";
import { postCsv } from "./upload-csv";

export async function importParkingReport(input: {
  network: TAdNetwork;
  file: Blob;
}): Promise<TParkingImportResult> {
  const res = await postCsv(`/api/parking-reports/${input.network}`, input.file);
  return (await res.json()) as TParkingImportResult;
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
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: STREAMS_QUERY_KEY }),
      ]),
  });
}
