import { TRANSACTION_STATUS_LABELS } from "@shared/api/marketplace/deals";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";
import { useTransactions } from "../api/get-transactions";

/** The user's escrow sales as buyer and seller, each linking to its page. */
export function SalesList() {
  const sales = useTransactions();
  return (
    <section className="grid gap-3" aria-label="Escrow sales">
      <h2 className="font-semibold text-lg">Escrow sales</h2>
      {sales.data?.length === 0 && <p className="text-muted-foreground text-sm">No sales yet.</p>}
      {sales.data?.map((sale) => (
        <Card
          key={sale.id}
          className="flex flex-wrap items-center justify-between gap-2 p-4"
          data-testid="sale-row"
        >
          <div>
            <Link className="font-semibold underline" href={`/marketplace/deals/${sale.id}`}>
              {sale.domainName}
            </Link>
            <p className="text-muted-foreground text-sm">
              {sale.lease
                ? `${sale.role === "buyer" ? "You lease to own" : "You lease out"}: ${sale.lease.instalmentsPaid} of ${sale.lease.months} instalments of ${formatMoney(sale.lease.monthly)} paid`
                : `${sale.role === "buyer" ? "You buy" : "You sell"} for ${formatMoney(sale.amount)}`}
            </p>
          </div>
          <Badge variant="info">{TRANSACTION_STATUS_LABELS[sale.status]}</Badge>
        </Card>
      ))}
    </section>
  );
}
