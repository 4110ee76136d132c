import {
  formatMoment,
  replySender,
  TicketDialogShell,
  TicketMessageForm,
  TicketView,
  targetText,
} from "@/components/ticket-parts";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/lib/toast";
import { useSupportTicket } from "../api/get-support-ticket";
import { useUpdateSupportTicket } from "../api/reply-support-ticket";

/** One of the user's tickets: its thread, a reply, and closing it. */
export function TicketDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const thread = useSupportTicket(id);
  const update = useUpdateSupportTicket();
  const ticket = thread.data?.ticket;

  const send = replySender(
    ticket,
    update.mutate,
    { title: "Reply Sent", description: ticket ? targetText(ticket.tier) : "" },
    "The reply could not be sent.",
  );
  const close = () => {
    if (!ticket) return;
    update.mutate(
      { id: ticket.id, close: true },
      {
        onSuccess: () => toast({ title: "Ticket Closed", description: ticket.subject }),
        onError: (error) => toastError(error, "The ticket could not be closed."),
      },
    );
  };

  return (
    <TicketDialogShell
      open={id !== null}
      onClose={onClose}
      subject={ticket?.subject}
      description={
        ticket &&
        `${targetText(ticket.tier)}${ticket.status === "open" ? ` · due ${formatMoment(ticket.responseDueAt)}` : ""}`
      }
    >
      <TicketView ticket={ticket} messages={thread.data?.messages}>
        <TicketMessageForm
          formLabel="Reply to ticket"
          label="Your reply"
          submitLabel="Send Reply"
          rows={3}
          pending={update.isPending}
          onSend={send}
        >
          {ticket?.status !== "closed" && (
            <Button type="button" variant="outline" onClick={close} disabled={update.isPending}>
              Close Ticket
            </Button>
          )}
        </TicketMessageForm>
      </TicketView>
    </TicketDialogShell>
  );
}
