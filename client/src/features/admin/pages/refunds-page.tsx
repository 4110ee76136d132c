import type { TAdminOrder } from "@shared/api/admin/orders";
import { providerLabel } from "@shared/api/checkout";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoney } from "@/lib/format";
import { getOrderPage, orderKeys } from "../api/orders";
import { AdminSearch } from "../components/admin-search";
import { AdminTable } from "../components/admin-table";
import { RefundDialog } from "../components/refund-dialog";

/** Refunds: find a paid order and refund it, in full or in part, through its provider. */
export default function RefundsPage() {
  const [q, setQ] = useState("");
  const [refunding, setRefunding] = useState<TAdminOrder | null>(null);

  return (
    <div className="grid gap-6">
      <AdminSearch label="Search orders" textLabel="Order id, buyer email or description" onSearch={setQ} />
      <AdminTable<TAdminOrder>
        label="Paid orders"
        queryKey={orderKeys.page(q)}
        fetchPage={(cursor) => getOrderPage(q, cursor)}
        empty="No paid order matches this search."
        columns={[
          { header: "Order", cell: (o) => <span className="break-words">{o.description}</span> },
          { header: "Buyer", cell: (o) => <span className="break-all">{o.buyerEmail}</span> },
          { header: "Paid", cell: (o) => formatMoney(o.price), className: "text-right" },
          { header: "Refunded", cell: (o) => formatMoney(o.refunded), className: "text-right" },
          { header: "Provider", cell: (o) => (o.provider ? providerLabel(o.provider) : "N/A") },
          { header: "Paid on", cell: (o) => (o.paidAt ? formatDate(o.paidAt) : "") },
          {
            header: "Status",
            cell: (o) =>
              o.status === "paid" ? (
                <Button variant="outline" size="sm" onClick={() => setRefunding(o)}>
                  Refund
                </Button>
              ) : (
                <Badge variant="secondary" className="capitalize">
                  {o.status}
                </Badge>
              ),
          },
        ]}
      />
      {refunding && <RefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
