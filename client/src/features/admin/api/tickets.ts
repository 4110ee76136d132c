import { adminPage } from "@shared/api/admin/console";
import {
  ADMIN_TICKETS_PATHS,
  type TTicketStatus,
  ZAdminTicket,
  ZAdminTicketThread,
} from "@shared/api/support";
import { pathTo } from "@shared/path-to";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const ZTicketPage = adminPage(ZAdminTicket);

/** The console's ticket keys: every read of them starts with the list's path. */
export const ticketKeys = {
  all: [ADMIN_TICKETS_PATHS.list],
  page: (status: string, q: string) => [ADMIN_TICKETS_PATHS.list, "page", status, q],
  one: (id: string) => [ADMIN_TICKETS_PATHS.list, id],
};

/** One page of the queue: the most urgent tier first, then the earliest due. */
export async function getTicketPage(status: string, q: string, cursor: string | undefined) {
  const params = new URLSearchParams({ status });
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const res = await apiRequest("GET", `${ADMIN_TICKETS_PATHS.list}?${params}`);
  return ZTicketPage.parse(await res.json());
}

/** One ticket with its thread; read again each time it is opened. */
export function useTicketThread(id: string | null) {
  return useQuery({
    queryKey: ticketKeys.one(id ?? ""),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async () =>
      ZAdminTicketThread.parse(
        await (await apiRequest("GET", pathTo(ADMIN_TICKETS_PATHS.one, { id: id ?? "" }))).json(),
      ),
  });
}

/** Answers a ticket or sets its status; the queue and the thread are read again. */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reply: string } | { id: string; status: TTicketStatus }) =>
      "status" in input
        ? apiRequest("POST", pathTo(ADMIN_TICKETS_PATHS.status, { id: input.id }), { status: input.status })
        : apiRequest("POST", pathTo(ADMIN_TICKETS_PATHS.reply, { id: input.id }), { body: input.reply }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
