import { ADMIN_MONEY_PATHS, type TAdminUnmatchedPayment } from "@shared/api/admin/money";
import { providerLabel } from "@shared/api/checkout";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatMoney } from "@/lib/format";
import { getUnmatchedPage } from "../api/money";
import { AdminTable } from "../components/admin-table";

const STATUS: Record<
  TAdminUnmatchedPayment["status"],
  { label: string; variant: "warning" | "success" | "destructive" }
> = {
  pending: { label: "Refund being asked", variant: "warning" },
  refunded: { label: "Refunded", variant: "success" },
  failed: { label: "Refund failed: settle it", variant: "destructive" },
};

/** Unmatched payments: money no open order was waiting for, refunded by itself; the failed ones are for staff. Read only. */
export default function UnmatchedPaymentsPage() {
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        A payment no open order was waiting for is refunded through its provider by the reconciliation job.
        One the provider kept refusing reads "Refund failed": settle it in the provider's dashboard.
      </p>
      <AdminTable<TAdminUnmatchedPayment>
        label="Unmatched payments"
        queryKey={[ADMIN_MONEY_PATHS.unmatchedPayments]}
        fetchPage={getUnmatchedPage}
        empty="No unmatched payment."
        rowClassName={(p) => (p.status === "failed" ? "bg-red-50" : undefined)}
        columns={[
          { header: "Payment", cell: (p) => <span className="break-all">{p.providerPaymentId}</span> },
          { header: "Payer", cell: (p) => <span className="break-all">{p.buyerEmail ?? ""}</span> },
          { header: "Amount", cell: (p) => formatMoney(p.amount), className: "text-right" },
          { header: "Provider", cell: (p) => providerLabel(p.provider) },
          { header: "Why", cell: (p) => <span className="break-words">{p.reason}</span> },
          { header: "Received", cell: (p) => formatDate(p.createdAt) },
          {
            header: "Refund",
            cell: (p) => (
              <div className="grid gap-1">
                <Badge variant={STATUS[p.status].variant}>{STATUS[p.status].label}</Badge>
                {p.lastError && <span className="break-words text-destructive text-xs">{p.lastError}</span>}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
