import type { TDomainImportResult } from "@shared/api/domain-import";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DASHBOARD_QUERY_KEY, DOMAINS_QUERY_KEY } from "./get-domains";
import { postCsv } from "./upload-csv";

export async function importDomains(file: Blob): Promise<TDomainImportResult> {
  const res = await postCsv("/api/domains/import", file);
  return (await res.json()) as TDomainImportResult;
}

/** Imports every new domain of a previewed file at once; the portfolio and dashboard are refreshed. */
export function useImportDomains() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDomains,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}
