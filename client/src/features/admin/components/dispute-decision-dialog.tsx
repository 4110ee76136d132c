import { zodResolver } from "@hookform/resolvers/zod";
import { type TAdminDispute, ZDisputePartialRefundBody } from "@shared/api/admin/sales";
import { centsToDecimal, toCents } from "@shared/money";
import { useMemo } from "react";
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
import { useDecideDispute } from "../api/disputes";

export type TDecisionKind = "release" | "refund" | "partialRefund";

const TITLES: Record<TDecisionKind, string> = {
  release: "Release to the seller",
  refund: "Refund the buyer in whole",
  partialRefund: "Refund part, release the rest",
};

const leftOf = (d: TAdminDispute) => toCents(d.amount) - toCents(d.refunded);

/**
 * The part-refund body's schema with this sale's bound (less than what is left: the whole is the
 * refund decision); release and whole refund ask only why.
 */
function decisionSchema(kind: TDecisionKind, d: TAdminDispute) {
  const left = leftOf(d);
  if (kind !== "partialRefund")
    return ZDisputePartialRefundBody.pick({ reason: true }).extend({ amount: z.string() });
  return ZDisputePartialRefundBody.extend({
    amount: ZDisputePartialRefundBody.shape.amount.refine(
      (a) => toCents(a) < left,
      `Less than ${formatMoney(centsToDecimal(left))}; to give it all back, refund the buyer in whole.`,
    ),
  });
}

/** What the decision does to the money, in one sentence, before staff confirm it. */
function consequence(kind: TDecisionKind, d: TAdminDispute, amount: string): string {
  const left = leftOf(d);
  const test = d.testMoney
    ? " This sale was paid with test money: nothing real moves and nobody is credited."
    : "";
  if (kind === "refund")
    return `${formatMoney(centsToDecimal(left))} goes back to ${d.buyer.email ?? "the buyer"} through the provider that took it; the seller is owed nothing.${test}`;
  if (kind === "release")
    return `The name moves to the buyer and the seller is credited ${formatMoney(d.sellerProceedsIfReleased)} (what is kept less ${Number(d.commissionPercent)}% commission), held for the refund window.${test}`;
  const part = /^\d+(\.\d{1,2})?$/.test(amount) ? toCents(amount) : 0;
  const kept = Math.max(0, left - part);
  const proceeds = d.testMoney ? 0 : Math.round((kept * (100 - Number(d.commissionPercent))) / 100);
  return `${formatMoney(centsToDecimal(part))} goes back to the buyer; the sale completes and the seller is credited ${formatMoney(centsToDecimal(proceeds))} of the ${formatMoney(centsToDecimal(kept))} kept.${test}`;
}

/** One decision on a disputed sale: why (both sides are told), and for a part refund how much. */
export function DisputeDecisionDialog(props: {
  dispute: TAdminDispute;
  kind: TDecisionKind;
  onClose: () => void;
}) {
  const { dispute: d, kind, onClose } = props;
  const decide = useDecideDispute();
  const schema = useMemo(() => decisionSchema(kind, d), [kind, d]);
  const form = useForm<{ amount: string; reason: string }>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { amount: "", reason: "" },
  });
  const { errors, isValid } = form.formState;
  const submit = (values: { amount: string; reason: string }) =>
    decide.mutate(
      {
        id: d.id,
        action:
          kind === "partialRefund"
            ? { kind, amount: values.amount, reason: values.reason }
            : { kind, reason: values.reason },
      },
      {
        onSuccess: (answer) => {
          toast({
            title: "Dispute Decided",
            description: `${d.domainName}: ${answer.status.replace("_", " ")}`,
          });
          onClose();
        },
        onError: (error) => {
          if (!showServerIssues(error, form.setError, ["amount", "reason"]))
            toastError(error, "The dispute could not be decided.");
        },
      },
    );

  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      title={TITLES[kind]}
      description={`${d.domainName} · ${formatMoney(d.amount)}`}
      titleClassName="break-words"
    >
      <form className="grid gap-4 text-sm" noValidate onSubmit={form.handleSubmit(submit)}>
        {kind === "partialRefund" && (
          <div className="grid gap-1.5">
            <Label htmlFor="dispute-amount">Refund to the buyer</Label>
            <Input
              id="dispute-amount"
              inputMode="decimal"
              placeholder="250.00"
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? "dispute-amount-error" : undefined}
              {...form.register("amount")}
            />
            <FieldError id="dispute-amount-error">{errors.amount?.message}</FieldError>
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="dispute-reason">Why (both sides are told)</Label>
          <Textarea
            id="dispute-reason"
            rows={3}
            maxLength={2000}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? "dispute-reason-error" : undefined}
            {...form.register("reason")}
          />
          <FieldError id="dispute-reason-error">{errors.reason?.message}</FieldError>
        </div>
        <p className="rounded-md bg-slate-50 p-3 text-slate-700" data-testid="decision-consequence">
          {consequence(kind, d, form.watch("amount").trim())}
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={kind === "release" ? "default" : "destructive"}
            disabled={!isValid || decide.isPending}
          >
            Confirm: {TITLES[kind]}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
