import { providerLabel } from "@shared/api/checkout";
import type { TTransaction } from "@shared/api/payouts";
import { ArrowDownLeft, ArrowUpRight, FlaskConical, Receipt, Undo2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatMoney } from "@/lib/format";
import { useTransactions } from "../api/get-transactions";

const TYPE_ICONS: Record<string, typeof Receipt> = {
  payment: ArrowUpRight,
  payout: ArrowDownLeft,
  refund: Undo2,
  test_payment: FlaskConical,
};

/** A payout waiting for staff review, or one they rejected (its line says why). */
const STATUS_LABELS: Record<string, string> = { held: "Held for review", rejected: "Rejected" };

/** docs/product.md#states: completed is the default style, failed and rejected destructive, anything else neutral. */
function StatusBadge({ status }: { status: string }) {
  const variant =
    status === "completed"
      ? "default"
      : status === "failed" || status === "rejected"
        ? "destructive"
        : "secondary";
  return (
    <Badge variant={variant} className="capitalize">
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

function TransactionRow({ transaction }: { transaction: TTransaction }) {
  const Icon = TYPE_ICONS[transaction.type] ?? Receipt;
  const method = transaction.paymentMethod ? providerLabel(transaction.paymentMethod) : "N/A";
  return (
    <li className="flex items-center gap-4 py-3">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100">
        <Icon aria-hidden="true" className="size-4 text-slate-600" />
      </div>
      <div className="min-w-0 flex-1">
        <p
          className="line-clamp-2 font-medium text-slate-900 [overflow-wrap:anywhere]"
          title={transaction.description}
        >
          {transaction.description}
        </p>
        <p className="text-muted-foreground text-xs">
          {formatDate(transaction.createdAt)} · {method}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="font-semibold text-slate-900">{formatMoney(transaction.amount)}</span>
        <StatusBadge status={transaction.status} />
      </div>
    </li>
  );
}

/** Payments, payouts and test payments, newest first. */
export function TransactionHistory() {
  const transactions = useTransactions();
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt aria-hidden="true" className="size-5 text-emerald-600" />
          Transaction History
        </CardTitle>
        <CardDescription>Your purchases, payouts and test payments.</CardDescription>
      </CardHeader>
      <CardContent>
        {transactions.isPending ? (
          <div className="grid gap-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : transactions.isError ? (
          <p role="alert" className="py-6 text-center text-destructive text-sm">
            Failed to load transactions. Please try again.
          </p>
        ) : transactions.data.length === 0 ? (
          <div className="py-10 text-center">
            <Receipt aria-hidden="true" className="mx-auto size-10 text-slate-300" />
            <p className="mt-3 font-medium text-slate-900">No transactions yet</p>
            <p className="mt-1 text-muted-foreground text-sm">Purchases and payouts will appear here.</p>
          </div>
        ) : (
          <ul className="divide-y" data-testid="transaction-list">
            {transactions.data.map((t) => (
              <TransactionRow key={t.id} transaction={t} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
