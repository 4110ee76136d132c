import { zodResolver } from "@hookform/resolvers/zod";
import { type TAdminOrder, ZRefundOrderBody } from "@shared/api/admin/orders";
import { providerLabel } from "@shared/api/checkout";
import { centsToDecimal, toCents } from "@shared/money";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { showServerIssues } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useRefundOrder } from "../api/orders";

const leftOf = (order: TAdminOrder) => centsToDecimal(toCents(order.price) - toCents(order.refunded));

/**
 * The refund body's schema with this order's bounds: blank is all that is left (sent as no
 * amount), otherwise an amount the API accepts that is no more than what is left. One message
 * states the whole rule.
 */
function refundSchema(left: string) {
  const bounds = `Enter an amount from $0.01 to ${formatMoney(left)}, such as 12.50.`;
  return ZRefundOrderBody.extend({
    amount: z
      .string()
      .trim()
      .refine(
        (a) =>
          a === "" || (ZRefundOrderBody.shape.amount.safeParse(a).success && toCents(a) <= toCents(left)),
        bounds,
      )
      .transform((a) => a || undefined),
  });
}
type TRefundForm = { amount: string; reason: string };
type TRefund = z.output<ReturnType<typeof refundSchema>>;

/** The amount (blank: all that is left) and the reason, then a confirmation naming the sum. */
export function RefundDialog({ order, onClose }: { order: TAdminOrder; onClose: () => void }) {
  const refund = useRefundOrder();
  const left = leftOf(order);
  const schema = useMemo(() => refundSchema(left), [left]);
  const form = useForm<TRefundForm, unknown, TRefund>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { amount: "", reason: "" },
  });
  const [confirming, setConfirming] = useState<TRefund | null>(null);
  const { errors, touchedFields, isValid } = form.formState;
  const typed = form.watch("amount").trim();
  const sum = confirming ? (confirming.amount ?? left) : typed === "" ? left : typed;
  // The reason's rule is shown once the field is left short (or the server refused it).
  const reasonError =
    errors.reason && (touchedFields.reason || errors.reason.type === "server")
      ? errors.reason.message
      : undefined;

  const submit = (values: TRefund) =>
    refund.mutate(
      { id: order.id, ...values },
      {
        onSuccess: (answer) => {
          toast({
            title: answer.refund.full ? "Order Refunded" : "Partial Refund Made",
            description: `${formatMoney(answer.refund.amount)} of ${order.description}`,
          });
          onClose();
        },
        onError: (error) => {
          setConfirming(null);
          if (!showServerIssues(error, form.setError, ["amount", "reason"]))
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
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={refund.isPending}>
              Back
            </Button>
            <Button variant="destructive" onClick={() => submit(confirming)} disabled={refund.isPending}>
              Confirm Refund
            </Button>
          </div>
        </div>
      ) : (
        <form className="grid gap-4 text-sm" noValidate onSubmit={form.handleSubmit(setConfirming)}>
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
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? "refund-amount-error" : undefined}
              {...form.register("amount")}
            />
            <FieldError id="refund-amount-error">{errors.amount?.message}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="refund-reason">Reason (the buyer sees it)</Label>
            <Textarea
              id="refund-reason"
              rows={2}
              maxLength={500}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? "refund-reason-error" : undefined}
              {...form.register("reason")}
            />
            <FieldError id="refund-reason-error">{reasonError}</FieldError>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={!isValid}>
              Refund {formatMoney(sum)}
            </Button>
          </div>
        </form>
      )}
    </DialogShell>
  );
}
