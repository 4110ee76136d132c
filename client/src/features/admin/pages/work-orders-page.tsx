import type { TAdminWorkOrder } from "@shared/api/admin/work-orders";
import { WORK_ORDER_STATUS_LABELS } from "@shared/api/work-orders";
import { useState } from "react";
import { formatMoment } from "@/components/ticket-parts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { getWorkOrderPage, workOrderKeys } from "../api/work-orders";
import { AdminSearch } from "../components/admin-search";
import { AdminTable } from "../components/admin-table";
import { WorkOrderDialog } from "../components/work-order-dialog";

const STATUS_FILTERS = [
  { value: "open", label: "Queued and in progress" },
  { value: "queued", label: "Queued" },
  { value: "in_progress", label: "In progress" },
  { value: "delivered", label: "Delivered" },
  { value: "cancelled", label: "Cancelled" },
  { value: "all", label: "All" },
];

/** Work orders: the fulfilment queue, earliest due first with overdue orders flagged; one order to deliver. */
export default function WorkOrdersPage() {
  const [status, setStatus] = useState("open");
  const [q, setQ] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <div className="grid gap-6">
      <AdminSearch
        label="Search work orders"
        textLabel="Title or buyer email"
        onSearch={setQ}
        status={{ value: status, options: STATUS_FILTERS, onChange: setStatus }}
      />
      <AdminTable<TAdminWorkOrder>
        label="Work orders"
        queryKey={workOrderKeys.page(status, q)}
        fetchPage={(cursor) => getWorkOrderPage(status, q, cursor)}
        empty="No work order matches."
        rowClassName={(w) => (w.overdue ? "bg-red-50" : undefined)}
        columns={[
          { header: "Order", cell: (w) => <span className="break-words">{w.title}</span> },
          { header: "Buyer", cell: (w) => <span className="break-all">{w.buyerEmail}</span> },
          {
            header: "Due",
            cell: (w) => (
              <span className="flex flex-wrap items-center gap-2">
                {formatMoment(w.dueAt)}
                {w.overdue && <Badge variant="destructive">Overdue</Badge>}
              </span>
            ),
          },
          { header: "Assignee", cell: (w) => w.assignee?.name ?? "Unassigned" },
          {
            header: "Status",
            cell: (w) => <Badge variant="neutral">{WORK_ORDER_STATUS_LABELS[w.status]}</Badge>,
          },
          {
            header: "Work order",
            cell: (w) => (
              <Button variant="outline" size="sm" onClick={() => setOpenId(w.id)}>
                Open<span className="sr-only"> work order {w.title}</span>
              </Button>
            ),
          },
        ]}
      />
      <WorkOrderDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
