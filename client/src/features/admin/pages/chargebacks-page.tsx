import { ADMIN_MONEY_PATHS, type TAdminChargeback } from "@shared/api/admin/money";
import { providerLabel } from "@shared/api/checkout";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatMoney } from "@/lib/format";
import { getChargebackPage } from "../api/money";
import { AdminTable } from "../components/admin-table";

const STATUS: Record<
  TAdminChargeback["status"],
  { label: string; variant: "warning" | "success" | "neutral" }
> = {
  open: { label: "Open: money taken", variant: "warning" },
  won: { label: "Won: money back", variant: "success" },
  lost: { label: "Lost", variant: "neutral" },
};

/** Chargebacks: what each took, from which order or lead invoice, and how it ended. Read only. */
export default function ChargebacksPage() {
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        A chargeback ends its order as a refund does; one won gives it back, and a won escrow sale comes back
        to Disputes for a decision.
      </p>
      <AdminTable<TAdminChargeback>
        label="Chargebacks"
        queryKey={[ADMIN_MONEY_PATHS.chargebacks]}
        fetchPage={getChargebackPage}
        empty="No chargeback yet."
        columns={[
          {
            header: "Order",
            cell: (c) => (
              <span className="break-words">
                {c.description ?? (c.invoiceId ? `Lead invoice ${c.invoiceId.slice(0, 8)}` : "Unknown")}
              </span>
            ),
          },
          { header: "Buyer", cell: (c) => <span className="break-all">{c.buyerEmail ?? ""}</span> },
          { header: "Amount", cell: (c) => formatMoney(c.amount), className: "text-right" },
          { header: "Provider", cell: (c) => providerLabel(c.provider) },
          { header: "Opened", cell: (c) => formatDate(c.openedAt) },
          {
            header: "Status",
            cell: (c) => (
              <Badge variant={STATUS[c.status].variant}>
                {STATUS[c.status].label}
                {c.closedAt ? ` ${formatDate(c.closedAt)}` : ""}
              </Badge>
            ),
          },
        ]}
      />
    </div>
  );
}
