import { PROVIDER_LABELS, type TCheckoutProvider } from "@shared/api/checkout";
import type { TPublicLeadInvoice } from "@shared/api/lead-sales";
import { useState } from "react";
import { ProviderButtons } from "@/components/provider-buttons";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/api-error";
import { formatDate, formatMoney, formatMonth } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useStartInvoiceCheckout } from "../api/start-invoice-checkout";

const STATUS_TEXT = { open: "Open", paid: "Paid", void: "Void", refunded: "Refunded" } as const;

/** An invoice's heading figures, its lines (a lead kept, or a credit for one returned), and how to pay it. */
export function LeadInvoiceView({ token, invoice }: { token: string; invoice: TPublicLeadInvoice }) {
  const checkout = useStartInvoiceCheckout(token);
  const [starting, setStarting] = useState<TCheckoutProvider | null>(null);
  const pay = (provider: TCheckoutProvider) => {
    setStarting(provider);
    checkout.mutate(provider, {
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
      onError: (error) => {
        setStarting(null);
        toast({
          title: "Payment Error",
          description: errorMessage(error, `Failed to initiate ${PROVIDER_LABELS[provider]} checkout`),
          variant: "destructive",
        });
      },
    });
  };
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Invoice</dt>
          <dd className="font-medium">
            {invoice.number}{" "}
            <Badge variant={invoice.status === "paid" ? "default" : "secondary"} data-testid="invoice-status">
              {STATUS_TEXT[invoice.status]}
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Billed to</dt>
          <dd className="font-medium">{invoice.buyerName}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Leads bought in</dt>
          <dd className="font-medium">{formatMonth(invoice.month)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{invoice.status === "paid" ? "Paid" : "Due"}</dt>
          <dd className="font-medium">{formatDate(invoice.paidAt ?? invoice.dueAt)}</dd>
        </div>
      </dl>
      <div className="max-h-80 overflow-y-auto">
        <Table aria-label="Invoice lines">
          <TableHeader>
            <TableRow>
              <TableHead>Lead</TableHead>
              <TableHead>Sold</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoice.lines.map((line) => (
              <TableRow key={`${line.kind}-${line.leadId}`}>
                <TableCell>
                  <span className="font-mono text-xs" title={line.leadId}>
                    {line.leadId.slice(0, 8)}
                  </span>
                  {line.kind === "credit" && (
                    <span className="ml-2 text-muted-foreground text-xs">returned: credit</span>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(line.soldAt)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="flex items-baseline justify-between border-t pt-4 font-semibold text-lg">
        <span>Total</span>
        <span className="tabular-nums" data-testid="invoice-total">
          {formatMoney(invoice.total)}
        </span>
      </p>
      {invoice.status === "open" && <ProviderButtons starting={starting} onPay={pay} />}
      {invoice.status === "paid" && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900 text-sm">
          This invoice is paid. Thank you.
        </p>
      )}
      {invoice.status === "void" && (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-slate-700 text-sm">
          This invoice was voided and is not to be paid.
        </p>
      )}
      {invoice.status === "refunded" && (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-slate-700 text-sm">
          This invoice's payment was refunded or disputed. Please contact us to settle it.
        </p>
      )}
    </div>
  );
}
