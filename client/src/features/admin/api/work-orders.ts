import { adminPage } from "@shared/api/admin/console";
import {
  ADMIN_WORK_ORDERS_PATHS,
  ZAdminWorkOrder,
  ZAdminWorkOrderDetail,
} from "@shared/api/admin/work-orders";
import { pathTo } from "@shared/path-to";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const ZWorkOrderPage = adminPage(ZAdminWorkOrder);

/** The console's work-order keys: every read of them starts with the list's path. */
export const workOrderKeys = {
  all: [ADMIN_WORK_ORDERS_PATHS.list],
  page: (status: string, q: string) => [ADMIN_WORK_ORDERS_PATHS.list, "page", status, q],
  one: (id: string) => [ADMIN_WORK_ORDERS_PATHS.list, id],
};

/** One page of the queue, earliest due first. */
export async function getWorkOrderPage(status: string, q: string, cursor: string | undefined) {
  const params = new URLSearchParams({ status });
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const res = await apiRequest("GET", `${ADMIN_WORK_ORDERS_PATHS.list}?${params}`);
  return ZWorkOrderPage.parse(await res.json());
}

/** One work order with its order, buyer, notes and deliverables. */
export function useWorkOrder(id: string | null) {
  return useQuery({
    queryKey: workOrderKeys.one(id ?? ""),
    enabled: id !== null,
    queryFn: async () => {
      const res = await apiRequest("GET", pathTo(ADMIN_WORK_ORDERS_PATHS.one, { id: id ?? "" }));
      return ZAdminWorkOrderDetail.parse(await res.json());
    },
  });
}

/** A file deliverable: the file is the body, sent as its own type. */
function postDeliverableFile(id: string, file: File): Promise<Response> {
  return apiRequest(
    "POST",
    `${pathTo(ADMIN_WORK_ORDERS_PATHS.deliverableFile, { id })}?name=${encodeURIComponent(file.name)}`,
    file,
  );
}

/** Every change staff make to a work order; the queue and the order are read again after it. */
export type TWorkOrderChange =
  | { kind: "status"; status: "in_progress" | "delivered" | "cancelled"; reason?: string }
  | { kind: "assign"; assigneeId: string | null }
  | { kind: "note"; body: string }
  | { kind: "text"; body: string }
  | { kind: "file"; file: File };

function send(id: string, change: TWorkOrderChange): Promise<Response> {
  const paths = ADMIN_WORK_ORDERS_PATHS;
  switch (change.kind) {
    case "status":
      return apiRequest("POST", pathTo(paths.status, { id }), {
        status: change.status,
        reason: change.reason,
      });
    case "assign":
      return apiRequest("POST", pathTo(paths.assign, { id }), { assigneeId: change.assigneeId });
    case "note":
      return apiRequest("POST", pathTo(paths.notes, { id }), { body: change.body });
    case "text":
      return apiRequest("POST", pathTo(paths.deliverables, { id }), { body: change.body });
    case "file":
      return postDeliverableFile(id, change.file);
  }
}

export function useChangeWorkOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TWorkOrderChange) => send(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}
