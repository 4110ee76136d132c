import { DOMAIN_PATHS, type TDomainImportResult, ZDomainImportResult } from "@shared/api/domains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { postCsv } from "./upload-csv";

export async function importDomains(file: Blob): Promise<TDomainImportResult> {
  const res = await postCsv(DOMAIN_PATHS.import, file);
  return ZDomainImportResult.parse(await res.json());
}

/** Imports every new domain of a previewed file at once; the portfolio and dashboard are refreshed. */
export function useImportDomains() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDomains,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.domains }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}
