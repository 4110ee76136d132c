import { type TAdminLead, ZReturnLeadBody } from "@shared/api/admin/leads";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { showServerIssues } from "@/lib/form-errors";
import { toast, toastError } from "@/lib/toast";
import { useReasonForm } from "@/lib/use-reason-form";
import { useReturnLead } from "../api/leads";

/** Returns a lead with a reason, checked by the return body's schema: its earning is reversed. */
export function ReturnLeadDialog({ lead, onClose }: { lead: TAdminLead | null; onClose: () => void }) {
  const returnLead = useReturnLead();
  const { form, error, reset } = useReasonForm(ZReturnLeadBody);
  const { isValid } = form.formState;
  const close = () => {
    reset();
    onClose();
  };
  const submit = form.handleSubmit(({ reason }) => {
    if (!lead) return;
    returnLead.mutate(
      { id: lead.id, reason },
      {
        onSuccess: () => {
          toast({ title: "Lead Returned", description: `The earning on ${lead.host} is reversed.` });
          close();
        },
        onError: (failure) => {
          if (!showServerIssues(failure, form.setError, ["reason"]))
            toastError(failure, "The lead could not be returned.");
        },
      },
    );
  });
  return (
    <FormDialog
      open={lead !== null}
      onOpenChange={(open) => !open && close()}
      title="Return lead"
      description={
        lead ? `${lead.email} on ${lead.host}: its earning is reversed from the owner's balance.` : ""
      }
      formLabel="Return lead"
      onSubmit={submit}
      onCancel={close}
      submit={
        <Button type="submit" disabled={!isValid || returnLead.isPending}>
          Return Lead
        </Button>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor="return-reason">Reason</Label>
        <Textarea
          id="return-reason"
          rows={3}
          maxLength={500}
          placeholder="Not a real person, a duplicate…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "return-reason-error" : undefined}
          {...form.register("reason")}
        />
        <FieldError id="return-reason-error">{error}</FieldError>
      </div>
    </FormDialog>
  );
}
