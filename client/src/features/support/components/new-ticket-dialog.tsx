import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_MESSAGE_LENGTH, MAX_SUBJECT_LENGTH, ZNewTicketBody } from "@shared/api/support";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { targetText } from "@/components/ticket-parts";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useDomainOptions } from "@/lib/api/get-domains";
import { useReceipts } from "@/lib/api/get-receipts";
import { showServerIssues } from "@/lib/form-errors";
import { toast, toastError } from "@/lib/toast";
import { useOpenSupportTicket } from "../api/open-support-ticket";

/** "No domain" and "No order" are the empty choice; anything else is the id the API checks. */
const optional = (id: z.ZodOptional<z.ZodUUID>) =>
  z
    .literal("")
    .transform(() => undefined)
    .or(id);
const ZTicketForm = ZNewTicketBody.extend({
  domainId: optional(ZNewTicketBody.shape.domainId),
  orderId: optional(ZNewTicketBody.shape.orderId),
});
type TTicketForm = z.input<typeof ZTicketForm>;
const EMPTY: TTicketForm = { subject: "", body: "", domainId: "", orderId: "" };

/** The "New Ticket" form: subject, message, and optionally one of the user's orders or domains. */
export function NewTicketDialog({ tier, onOpened }: { tier?: string; onOpened: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const domains = useDomainOptions();
  const receipts = useReceipts();
  const openTicket = useOpenSupportTicket();
  const form = useForm<TTicketForm, unknown, z.output<typeof ZTicketForm>>({
    resolver: zodResolver(ZTicketForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    openTicket.mutate(values, {
      onSuccess: (thread) => {
        toast({ title: "Ticket Opened", description: targetText(thread.ticket.tier) });
        setOpen(false);
        form.reset(EMPTY);
        onOpened(thread.ticket.id);
      },
      onError: (error) => {
        if (!showServerIssues(error, form.setError, ["subject", "body"]))
          toastError(error, "The ticket could not be opened.");
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button className="justify-self-start">
          <Plus aria-hidden="true" />
          New Ticket
        </Button>
      }
      title="New support ticket"
      description={tier ? targetText(tier) : undefined}
      formLabel="New support ticket"
      onSubmit={submit}
      submit={
        <Button type="submit" disabled={openTicket.isPending}>
          Send Ticket
        </Button>
      }
    >
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-subject">Subject</Label>
        <Input
          id="ticket-subject"
          maxLength={MAX_SUBJECT_LENGTH}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby="ticket-subject-error"
          {...form.register("subject")}
        />
        <FieldError id="ticket-subject-error">{errors.subject?.message}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-message">Message</Label>
        <Textarea
          id="ticket-message"
          rows={5}
          maxLength={MAX_MESSAGE_LENGTH}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby="ticket-message-error"
          {...form.register("body")}
        />
        <FieldError id="ticket-message-error">{errors.body?.message}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-domain">Domain (optional)</Label>
        <Select
          id="ticket-domain"
          {...form.register("domainId")}
          options={[
            { value: "", label: "No domain" },
            ...(domains.data ?? []).map((d) => ({ value: d.id, label: d.name })),
          ]}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-order">Order (optional)</Label>
        <Select
          id="ticket-order"
          {...form.register("orderId")}
          options={[
            { value: "", label: "No order" },
            ...(receipts.data ?? []).map((r) => ({ value: r.orderId, label: r.description })),
          ]}
        />
      </div>
    </FormDialog>
  );
}
