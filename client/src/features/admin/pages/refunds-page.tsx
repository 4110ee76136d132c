import type { TAdminOrder } from "@shared/api/admin-orders";
import { providerLabel } from "@shared/api/checkout";
import { centsToDecimal, isDecimalAmount, toCents } from "@shared/money";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatDate, formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { getOrderPage, orderKeys, useRefundOrder } from "../api/orders";
import { AdminSearch } from "../components/admin-search";
import { AdminTable } from "../components/admin-table";

const leftOf = (order: TAdminOrder) => centsToDecimal(toCents(order.price) - toCents(order.refunded));

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

/** The amount (blank: all that is left) and the reason, then a confirmation naming the sum. */
function RefundDialog({ order, onClose }: { order: TAdminOrder; onClose: () => void }) {
  const refund = useRefundOrder();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const left = leftOf(order);
  const typed = amount.trim();
  const valid =
    typed === "" || (isDecimalAmount(typed) && toCents(typed) > 0 && toCents(typed) <= toCents(left));
  const sum = typed === "" ? left : typed;

  const submit = () =>
    refund.mutate(
      { id: order.id, amount: typed === "" ? undefined : typed, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          toast({
            title: answer.refund.full ? "Order Refunded" : "Partial Refund Made",
            description: `${formatMoney(answer.refund.amount)} of ${order.description}`,
          });
          onClose();
        },
        onError: (error) => {
          setConfirming(false);
          toastError(error, "The order could not be refunded.");
        },
      },
    );

  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      title="Refund Order"
      description={`${order.description} · ${order.buyerEmail}`}
      titleClassName="break-words"
    >
      {confirming ? (
        <div className="grid gap-4 text-sm">
          <p>
            Refund <strong>{formatMoney(sum)}</strong> to {order.buyerEmail} through{" "}
            {order.provider ? providerLabel(order.provider) : "the provider"}?{" "}
            {toCents(sum) === toCents(left)
              ? "The order ends and what it granted stops."
              : "The service continues."}{" "}
            The buyer is emailed the reason.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={refund.isPending}>
              Back
            </Button>
            <Button variant="destructive" onClick={submit} disabled={refund.isPending}>
              Confirm Refund
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="grid gap-4 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
        >
          <p>
            Paid {formatMoney(order.price)}, refunded {formatMoney(order.refunded)}: at most{" "}
            {formatMoney(left)} is left to refund.
          </p>
          <div className="grid gap-1.5">
            <Label htmlFor="refund-amount">Amount (blank for all that is left)</Label>
            <Input
              id="refund-amount"
              inputMode="decimal"
              placeholder={left}
              value={amount}
              aria-invalid={!valid}
              aria-describedby={valid ? undefined : "refund-amount-error"}
              onChange={(e) => setAmount(e.target.value)}
            />
            {!valid && (
              <p id="refund-amount-error" className="text-destructive text-xs">
                Enter an amount from $0.01 to {formatMoney(left)}, such as 12.50.
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="refund-reason">Reason (the buyer sees it)</Label>
            <Textarea
              id="refund-reason"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={!valid || reason.trim().length < 3}>
              Refund {formatMoney(sum)}
            </Button>
          </div>
        </form>
      )}
    </DialogShell>
  );
}
