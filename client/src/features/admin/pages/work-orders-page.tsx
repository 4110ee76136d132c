import type { TAdminWorkOrder } from "@shared/api/admin-work-orders";
import { WORK_ORDER_STATUS_LABELS } from "@shared/api/work-orders";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { formatMoment } from "@/features/support/components/ticket-parts";
import { getWorkOrderPage, workOrderKeys } from "../api/work-orders";
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
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="pt-6">
          <form
            aria-label="Search work orders"
            onSubmit={search}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="grid gap-1.5">
              <Label htmlFor="work-order-status">Status</Label>
              <Select
                id="work-order-status"
                value={status}
                onValueChange={setStatus}
                options={STATUS_FILTERS}
              />
            </div>
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor="work-order-search">Title or buyer email</Label>
              <Input id="work-order-search" value={draft} onChange={(e) => setDraft(e.target.value)} />
            </div>
            <Button type="submit">Search</Button>
          </form>
        </CardContent>
      </Card>
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
