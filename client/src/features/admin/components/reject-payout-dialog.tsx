import { type TAdminPayout, ZRejectPayoutBody } from "@shared/api/admin/payouts";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { showServerIssues } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useReasonForm } from "@/lib/use-reason-form";
import { useReviewPayout } from "../api/payouts";

/** Rejects a held payout with a reason, checked by the reject body's schema: the owner sees it. */
export function RejectPayoutDialog({
  payout,
  onClose,
}: {
  payout: TAdminPayout | null;
  onClose: () => void;
}) {
  const review = useReviewPayout();
  const { form, error, reset } = useReasonForm(ZRejectPayoutBody);
  const { isValid } = form.formState;
  const close = () => {
    reset();
    onClose();
  };
  const submit = form.handleSubmit(({ reason }) => {
    if (!payout) return;
    review.mutate(
      { id: payout.id, approve: false, reason },
      {
        onSuccess: () => {
          toast({
            title: "Payout Rejected",
            description: `${formatMoney(payout.amount)} is back in the balance.`,
          });
          close();
        },
        onError: (failure) => {
          if (!showServerIssues(failure, form.setError, ["reason"]))
            toastError(failure, "The payout could not be rejected.");
        },
      },
    );
  });
  return (
    <FormDialog
      open={payout !== null}
      onOpenChange={(open) => !open && close()}
      title="Reject payout"
      description={
        payout
          ? `${formatMoney(payout.amount)} to ${payout.paypalEmail}: the amount returns to ${payout.user.email}'s balance, and they see the reason.`
          : ""
      }
      formLabel="Reject payout"
      onSubmit={submit}
      onCancel={close}
      submit={
        <Button type="submit" variant="destructive" disabled={!isValid || review.isPending}>
          Reject Payout
        </Button>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor="reject-reason">Reason (the owner sees it)</Label>
        <Textarea
          id="reject-reason"
          rows={3}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "reject-reason-error" : undefined}
          {...form.register("reason")}
        />
        <FieldError id="reject-reason-error">{error}</FieldError>
      </div>
    </FormDialog>
  );
}
