import type { TLeadBuyerInvoice } from "@shared/api/lead-sales";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TableActionsHead, TableEmptyRow } from "@/components/ui/table-rows";
import { apiErrorMessage } from "@/lib/api-error";
import { formatDate, formatMoney, formatMonth, formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useIssueLeadInvoice, useVoidLeadInvoice } from "../api/lead-buyers";

const STATUS_VARIANT = { open: "secondary", paid: "default", void: "outline", refunded: "outline" } as const;

/**
 * A buyer's months: what it bought, kept and owes, and each month's invoice (issued by the monthly
 * job or here, once), with its status, payment and pay link; an open one can be voided.
 */
export function BuyerInvoices({ buyerId, months }: { buyerId: string; months: TLeadBuyerInvoice[] }) {
  const issue = useIssueLeadInvoice(buyerId);
  const voidIt = useVoidLeadInvoice(buyerId);
  const thisMonth = new Date().toISOString().slice(0, 7);
  const failed = (title: string) => (error: Error) =>
    toast({ variant: "destructive", title, description: apiErrorMessage(error, "Please try again.") });
  return (
    <Table aria-label="Invoices">
      <TableHeader>
        <TableRow>
          <TableHead>Month</TableHead>
          <TableHead>Leads</TableHead>
          <TableHead>Invoice</TableHead>
          <TableHead>Total</TableHead>
          <TableActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {months.length === 0 && <TableEmptyRow colSpan={5}>Nothing bought yet.</TableEmptyRow>}
        {months.map(({ month, sold, returned, total, invoice }) => (
          <TableRow key={month}>
            <TableCell className="whitespace-nowrap">{formatMonth(month)}</TableCell>
            <TableCell className="tabular-nums">
              {formatNumber(sold)} · {formatNumber(returned)} returned
            </TableCell>
            <TableCell>
              {invoice ? (
                <div className="grid gap-0.5">
                  <span className="flex items-center gap-1.5">
                    {invoice.number}
                    <Badge variant={STATUS_VARIANT[invoice.status]}>{invoice.status}</Badge>
                  </span>
                  <span className="break-all text-muted-foreground text-xs">
                    {invoice.status === "paid" && invoice.paidAt
                      ? `Paid ${formatDate(invoice.paidAt)} · ${invoice.provider ?? ""} ${invoice.providerPaymentId ?? ""}`
                      : invoice.status === "open"
                        ? `Due ${formatDate(invoice.dueAt)}`
                        : "Void"}
                    {invoice.credited > 0 && ` · ${formatNumber(invoice.credited)} credited`}
                  </span>
                </div>
              ) : (
                <span className="text-muted-foreground">Not issued</span>
              )}
            </TableCell>
            <TableCell className="tabular-nums">{formatMoney(invoice?.total ?? total)}</TableCell>
            <TableCell className="whitespace-nowrap">
              {invoice ? (
                <>
                  <a
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                    href={invoice.payUrl}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Pay link
                  </a>{" "}
                  {invoice.status === "open" && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={voidIt.isPending}
                      onClick={() =>
                        voidIt.mutate(invoice.id, {
                          onSuccess: () =>
                            toast({
                              title: "Invoice Voided",
                              description: `${invoice.number} is void; its leads' shares are reversed.`,
                            }),
                          onError: failed("Not voided"),
                        })
                      }
                    >
                      Void
                    </Button>
                  )}
                </>
              ) : (
                month < thisMonth && (
                  <Button
                    size="sm"
                    disabled={issue.isPending}
                    onClick={() =>
                      issue.mutate(month, {
                        onSuccess: (issued) =>
                          toast({
                            title: "Invoice Issued",
                            description: `${issued.number}: ${formatMoney(issued.total)}.`,
                          }),
                        onError: failed("Not issued"),
                      })
                    }
                  >
                    Issue
                  </Button>
                )
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
