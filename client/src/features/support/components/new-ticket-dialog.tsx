import { MAX_MESSAGE_LENGTH, MAX_SUBJECT_LENGTH } from "@shared/api/support";
import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { targetText } from "@/components/ticket-parts";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useDomainOptions } from "@/lib/api/get-domains";
import { useReceipts } from "@/lib/api/get-receipts";
import { toast, toastError } from "@/lib/toast";
import { useOpenSupportTicket } from "../api/open-support-ticket";

const NONE = "";

/** The "New Ticket" form: subject, message, and optionally one of the user's orders or domains. */
export function NewTicketDialog({ tier, onOpened }: { tier?: string; onOpened: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [domainId, setDomainId] = useState(NONE);
  const [orderId, setOrderId] = useState(NONE);
  const domains = useDomainOptions();
  const receipts = useReceipts();
  const openTicket = useOpenSupportTicket();

  const reset = () => {
    setSubject("");
    setMessage("");
    setDomainId(NONE);
    setOrderId(NONE);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    openTicket.mutate(
      {
        subject,
        body: message,
        domainId: domainId === NONE ? undefined : domainId,
        orderId: orderId === NONE ? undefined : orderId,
      },
      {
        onSuccess: (thread) => {
          toast({ title: "Ticket Opened", description: targetText(thread.ticket.tier) });
          setOpen(false);
          reset();
          onOpened(thread.ticket.id);
        },
        onError: (error) => toastError(error, "The ticket could not be opened."),
      },
    );
  };

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
        <Button
          type="submit"
          disabled={openTicket.isPending || subject.trim().length < 3 || message.trim().length === 0}
        >
          Send Ticket
        </Button>
      }
    >
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-subject">Subject</Label>
        <Input
          id="ticket-subject"
          value={subject}
          maxLength={MAX_SUBJECT_LENGTH}
          onChange={(e) => setSubject(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-message">Message</Label>
        <Textarea
          id="ticket-message"
          rows={5}
          value={message}
          maxLength={MAX_MESSAGE_LENGTH}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-domain">Domain (optional)</Label>
        <Select
          id="ticket-domain"
          value={domainId}
          onValueChange={setDomainId}
          options={[
            { value: NONE, label: "No domain" },
            ...(domains.data ?? []).map((d) => ({ value: d.id, label: d.name })),
          ]}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-order">Order (optional)</Label>
        <Select
          id="ticket-order"
          value={orderId}
          onValueChange={setOrderId}
          options={[
            { value: NONE, label: "No order" },
            ...(receipts.data ?? []).map((r) => ({ value: r.orderId, label: r.description })),
          ]}
        />
      </div>
    </FormDialog>
  );
}
