import { LEAD_INVOICE_PATHS, type TPublicLeadInvoice, ZPublicLeadInvoice } from "@shared/api/lead-sales";
import { pathTo } from "@shared/path-to";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function getLeadInvoice(token: string): Promise<TPublicLeadInvoice> {
  const res = await apiRequest("GET", pathTo(LEAD_INVOICE_PATHS.one, { token }));
  return ZPublicLeadInvoice.parse(await res.json());
}

/**
 * A lead buyer's invoice by its pay link's token. Back from a provider (`pollUntilPaid`), it is
 * read again until the provider's confirmation has marked it paid.
 */
export function useLeadInvoice(token: string, options: { pollUntilPaid?: boolean } = {}) {
  return useQuery({
    queryKey: [pathTo(LEAD_INVOICE_PATHS.one, { token })],
    queryFn: () => getLeadInvoice(token),
    enabled: token !== "",
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      options.pollUntilPaid && query.state.data?.status === "open" && query.state.dataUpdateCount < 15
        ? 2000
        : false,
  });
}
