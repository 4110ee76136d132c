import { zodResolver } from "@hookform/resolvers/zod";
import { type TPayoutBody, ZPayoutBody } from "@shared/api/payouts";
import { centsToDecimal, moneyInput, signedToCents, toCents } from "@shared/money";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-error";
import { formatMoney } from "@/lib/format";
import { newRequestKey } from "@/lib/request-key";
import { toast } from "@/lib/toast";
import { useRequestPayout } from "../api/request-payout";

/**
 * The payout body's schema with this user's bounds: dollars and cents, at least their own minimum
 * (never below the product's), at most what is available; the email as the API checks it.
 */
function payoutSchema(minimum: string, available: string) {
  return z.object({
    amount: moneyInput("Enter an amount in dollars and cents.")
      .refine((a) => toCents(a) >= toCents(minimum), `Your minimum payout is ${formatMoney(minimum)}.`)
      .refine((a) => toCents(a) <= signedToCents(available), `You have ${formatMoney(available)} available.`),
    paypalEmail: ZPayoutBody.shape.paypalEmail,
  });
}

/**
 * Transfers an amount of the available balance (all of it unless changed, at least the user's
 * minimum) to a PayPal account, starting from the email of the last payout. On success the modal
 * closes and every read is refreshed in place, so the confirmation toast stays seen; on failure
 * it stays open with the server's reason. Confirm waits for a valid amount and email, and sends
 * one payout an opening: a second click while the dialog closes sends nothing.
 */
export function PayoutDialog({
  open,
  onOpenChange,
  availableBalance,
  minimum,
  lastPayoutEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Decimal string; negative after a reversal of funds already paid out. */
  availableBalance: string;
  minimum: string;
  lastPayoutEmail: string | null;
}) {
  const emailId = useId();
  const amountId = useId();
  const amountHintId = useId();
  const payout = useRequestPayout();
  const queryClient = useQueryClient();
  const schema = useMemo(() => payoutSchema(minimum, availableBalance), [minimum, availableBalance]);
  const form = useForm<TPayoutBody, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { amount: "", paypalEmail: "" },
  });

  const { reset, trigger } = form;
  const [sent, setSent] = useState(false);
  // One payout an opening, on the server too: every request of this opening carries its key, also
  // after the balance is read again while it is open (a payout whose answer was lost shows there).
  const [requestKey, setRequestKey] = useState(newRequestKey);
  useEffect(() => {
    if (open) setRequestKey(newRequestKey());
  }, [open]);
  // Each opening starts from the whole balance and the last payout's email.
  useEffect(() => {
    if (!open) return;
    setSent(false);
    reset({
      amount: centsToDecimal(Math.max(signedToCents(availableBalance), 0)),
      paypalEmail: lastPayoutEmail ?? "",
    });
    void trigger();
  }, [open, availableBalance, lastPayoutEmail, reset, trigger]);

  const problem = form.formState.errors.amount?.message ?? null;
  const canConfirm = form.formState.isValid && !payout.isPending && !sent;

  const submit = form.handleSubmit((values) => {
    if (payout.isPending || sent) return;
    payout.mutate(
      { ...values, requestKey },
      {
        onSuccess: (answer) => {
          setSent(true);
          // A held payout is reserved, not sent: staff review it first (the message says so).
          toast({
            title: answer.status === "held" ? "Payout Held for Review" : "Payout Successful",
            description: answer.message,
          });
          onOpenChange(false);
          void queryClient.invalidateQueries();
        },
        onError: (error) =>
          toast({
            title: "Payout Failed",
            description: errorMessage(error, "Failed to process payout"),
            variant: "destructive",
          }),
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Transfer to PayPal"
      description={
        <>
          Send part or all of your available balance of {formatMoney(availableBalance)} to your PayPal
          account.
        </>
      }
      formLabel="Transfer to PayPal"
      onSubmit={submit}
      submit={
        <Button type="submit" disabled={!canConfirm}>
          {payout.isPending && <Spinner className="size-4 text-current" label="Transferring" />}
          Confirm Transfer
        </Button>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={amountId}>Amount (USD)</Label>
        <Input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          {...form.register("amount")}
          aria-invalid={problem !== null}
          aria-describedby={amountHintId}
        />
        <p
          id={amountHintId}
          className={problem ? "text-destructive text-sm" : "text-muted-foreground text-sm"}
        >
          {problem ?? `Between ${formatMoney(minimum)} and ${formatMoney(availableBalance)}.`}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={emailId}>PayPal account email</Label>
        <Input
          id={emailId}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register("paypalEmail")}
        />
      </div>
      <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900 text-sm">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <p>Transfers cannot be reversed. Check the email address before you confirm.</p>
      </div>
    </FormDialog>
  );
}
