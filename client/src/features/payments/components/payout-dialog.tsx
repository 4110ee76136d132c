import { centsToDecimal, isDecimalAmount, signedToCents, toCents } from "@shared/money";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-error";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useRequestPayout } from "../api/request-payout";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why an amount cannot be sent, or null when it can: dollars and cents, within minimum…available. */
function amountProblem(amount: string, minimum: string, available: string): string | null {
  if (!isDecimalAmount(amount.trim())) return "Enter an amount in dollars and cents.";
  const cents = toCents(amount.trim());
  if (cents < toCents(minimum)) return `Your minimum payout is ${formatMoney(minimum)}.`;
  if (cents > signedToCents(available)) return `You have ${formatMoney(available)} available.`;
  return null;
}

/**
 * Transfers an amount of the available balance (all of it unless changed, at least the user's
 * minimum) to a PayPal account, starting from the email of the last payout. On success the modal
 * closes and every read is refreshed in place, so the confirmation toast stays seen; on failure
 * it stays open with the server's reason. Confirm waits for a valid amount and email.
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
  const [paypalEmail, setPaypalEmail] = useState("");
  const [amount, setAmount] = useState("");
  const payout = useRequestPayout();
  const queryClient = useQueryClient();

  // Each opening starts from the whole balance and the last payout's email.
  useEffect(() => {
    if (!open) return;
    setAmount(centsToDecimal(Math.max(signedToCents(availableBalance), 0)));
    setPaypalEmail(lastPayoutEmail ?? "");
  }, [open, availableBalance, lastPayoutEmail]);

  const emailValid = EMAIL.test(paypalEmail.trim());
  const problem = amountProblem(amount, minimum, availableBalance);
  const canConfirm = emailValid && problem === null && !payout.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canConfirm) return;
    payout.mutate(
      { amount: amount.trim(), paypalEmail: paypalEmail.trim() },
      {
        onSuccess: (answer) => {
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
  };

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
          value={amount}
          aria-invalid={problem !== null}
          aria-describedby={amountHintId}
          onChange={(e) => setAmount(e.target.value)}
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
          value={paypalEmail}
          onChange={(e) => setPaypalEmail(e.target.value)}
        />
      </div>
      <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900 text-sm">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <p>Transfers cannot be reversed. Check the email address before you confirm.</p>
      </div>
    </FormDialog>
  );
}
