import { receiptPdfPath } from "@shared/api/billing";
import { providerLabel } from "@shared/api/checkout";
import { Download } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useReceipts } from "@/lib/api/get-receipts";
import { formatDate, formatMoney } from "@/lib/format";

/** Every payment, each with its PDF receipt. */
export function ReceiptsList() {
  const receipts = useReceipts();
  return (
    <section aria-labelledby="receipts-heading" className="grid gap-2">
      <h3 id="receipts-heading" className="font-semibold text-slate-900 text-sm">
        Receipts
      </h3>
      {receipts.isPending ? (
        <Skeleton className="h-16" />
      ) : receipts.isError ? (
        <p className="text-destructive text-sm">Failed to load your receipts.</p>
      ) : receipts.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No payments yet.</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {receipts.data.map((r) => (
            <li
              key={r.orderId}
              className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
              data-testid="receipt"
            >
              <span className="grid min-w-0 gap-0.5">
                <span className="font-medium">{r.description}</span>
                <span className="text-muted-foreground text-xs">
                  {formatDate(r.paidAt)} · {providerLabel(r.provider)} · Order {r.orderId.slice(0, 8)}
                </span>
              </span>
              <span className="flex items-center gap-3">
                {r.status === "refunded" && <Badge variant="neutral">Refunded</Badge>}
                <span className="font-semibold">{formatMoney(r.amount)}</span>
                <a
                  href={receiptPdfPath(r.orderId)}
                  download
                  className="inline-flex items-center gap-1 font-medium text-emerald-700 hover:underline"
                >
                  <Download aria-hidden="true" className="size-4" />
                  PDF<span className="sr-only"> receipt of {r.description}</span>
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
