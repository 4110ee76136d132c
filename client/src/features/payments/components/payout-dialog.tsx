import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorAfterStatus } from "@/lib/error-text";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useRequestPayout } from "../api/request-payout";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Transfers the whole available balance to a PayPal account. On success the modal closes, the
 * email clears and every read is refreshed in place, so the confirmation toast stays seen; on
 * failure it stays open with the server's reason. Confirm waits for a valid email.
 */
export function PayoutDialog({
  open,
  onOpenChange,
  availableBalance,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  availableBalance: number;
}) {
  const emailId = useId();
  const [paypalEmail, setPaypalEmail] = useState("");
  const payout = useRequestPayout();
  const queryClient = useQueryClient();
  const emailValid = EMAIL.test(paypalEmail.trim());
  const canConfirm = emailValid && availableBalance > 0 && !payout.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canConfirm) return;
    payout.mutate(
      { amount: availableBalance, paypalEmail: paypalEmail.trim() },
      {
        onSuccess: (answer) => {
          toast({ title: "Payout Successful", description: answer.message });
          onOpenChange(false);
          setPaypalEmail("");
          void queryClient.invalidateQueries();
        },
        onError: (error) =>
          toast({
            title: "Payout Failed",
            description: errorAfterStatus(error, "Failed to process payout"),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Transfer to PayPal</DialogTitle>
            <DialogDescription>
              Send your available balance of {formatMoney(availableBalance)} to your PayPal account.
            </DialogDescription>
          </DialogHeader>
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
          <DialogActions onCancel={() => onOpenChange(false)}>
            <Button type="submit" disabled={!canConfirm}>
              {payout.isPending && <Spinner className="size-4 text-current" label="Transferring" />}
              Confirm Transfer
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
