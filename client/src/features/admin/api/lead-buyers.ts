import {
  ADMIN_LEAD_BUYERS_PATHS,
  type TLeadBuyerInput,
  ZIssuedLeadInvoice,
  ZLeadBuyerCall,
  ZLeadBuyerInvoice,
  ZLeadBuyerList,
} from "@shared/api/lead-sales";
import { pathTo } from "@shared/path-to";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** The console's buyer keys: every read of them starts with the list's path. */
export const buyerKeys = {
  all: [ADMIN_LEAD_BUYERS_PATHS.list],
  calls: (id: string) => [ADMIN_LEAD_BUYERS_PATHS.list, id, "calls"],
  invoices: (id: string) => [ADMIN_LEAD_BUYERS_PATHS.list, id, "invoices"],
};

/** Every buyer, and who buys when none is active. */
export function useLeadBuyers() {
  return useQuery({
    queryKey: buyerKeys.all,
    queryFn: async () =>
      ZLeadBuyerList.parse(await (await apiRequest("GET", ADMIN_LEAD_BUYERS_PATHS.list)).json()),
  });
}

/** A buyer's latest answers and errors; read again each time it is opened. */
export function useBuyerCalls(id: string | null) {
  return useQuery({
    queryKey: buyerKeys.calls(id ?? ""),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async () =>
      z
        .array(ZLeadBuyerCall)
        .parse(
          await (await apiRequest("GET", pathTo(ADMIN_LEAD_BUYERS_PATHS.calls, { id: id ?? "" }))).json(),
        ),
  });
}

/** A buyer's monthly invoices. */
export function useBuyerInvoices(id: string | null) {
  return useQuery({
    queryKey: buyerKeys.invoices(id ?? ""),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async () =>
      z
        .array(ZLeadBuyerInvoice)
        .parse(
          await (await apiRequest("GET", pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: id ?? "" }))).json(),
        ),
  });
}

/** Adds a buyer (no id) or saves one; the list is read again. */
export function useSaveLeadBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TLeadBuyerInput }) =>
      id
        ? apiRequest("PUT", pathTo(ADMIN_LEAD_BUYERS_PATHS.one, { id }), body)
        : apiRequest("POST", ADMIN_LEAD_BUYERS_PATHS.list, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerKeys.all }),
  });
}

/** Issues a buyer's invoice for a closed month (once); its months are read again. */
export function useIssueLeadInvoice(buyerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) =>
      ZIssuedLeadInvoice.parse(
        await (
          await apiRequest("POST", pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: buyerId }), { month })
        ).json(),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerKeys.invoices(buyerId) }),
  });
}

/** Voids an open invoice of the buyer; its months are read again. */
export function useVoidLeadInvoice(buyerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) =>
      apiRequest("POST", pathTo(ADMIN_LEAD_BUYERS_PATHS.voidInvoice, { id: buyerId, invoiceId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerKeys.invoices(buyerId) }),
  });
}
