import type { TAdminTicket } from "@shared/api/support";
import { supportTarget } from "@shared/support";
import { useState } from "react";
import {
  formatMoment,
  replySender,
  TicketDialogShell,
  TicketMessageForm,
  TicketStatus,
  TicketView,
  targetText,
} from "@/components/ticket-parts";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/lib/toast";
import { getTicketPage, ticketKeys, useTicketThread, useUpdateTicket } from "../api/tickets";
import { AdminSearch } from "../components/admin-search";
import { AdminTable } from "../components/admin-table";

const STATUS_FILTERS = [
  { value: "active", label: "Open and answered" },
  { value: "open", label: "Waiting on support" },
  { value: "answered", label: "Answered" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
];

/** Tickets: the support queue by tier and due time, a ticket's thread, the answer. */
export default function TicketsPage() {
  const [status, setStatus] = useState("active");
  const [q, setQ] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <div className="grid gap-6">
      <AdminSearch
        label="Search tickets"
        textLabel="Subject or email"
        onSearch={setQ}
        status={{ value: status, options: STATUS_FILTERS, onChange: setStatus }}
      />
      <AdminTable<TAdminTicket>
        label="Tickets"
        queryKey={ticketKeys.page(status, q)}
        fetchPage={(cursor) => getTicketPage(status, q, cursor)}
        empty="No ticket matches."
        rowClassName={(t) => (t.overdue ? "bg-red-50" : undefined)}
        columns={[
          { header: "Subject", cell: (t) => <span className="break-words">{t.subject}</span> },
          { header: "User", cell: (t) => <span className="break-all">{t.userEmail}</span> },
          { header: "Tier", cell: (t) => supportTarget(t.tier).label },
          { header: "Due", cell: (t) => (t.status === "open" ? formatMoment(t.responseDueAt) : "—") },
          { header: "Status", cell: (t) => <TicketStatus ticket={t} /> },
          {
            header: "Thread",
            cell: (t) => (
              <Button variant="outline" size="sm" onClick={() => setOpenId(t.id)}>
                Open<span className="sr-only"> ticket {t.subject}</span>
              </Button>
            ),
          },
        ]}
      />
      <TicketReview id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function TicketReview({ id, onClose }: { id: string | null; onClose: () => void }) {
  const thread = useTicketThread(id);
  const update = useUpdateTicket();
  const ticket = thread.data?.ticket;

  const send = replySender(
    ticket,
    update.mutate,
    { title: "Answer Sent", description: ticket?.userEmail ?? "" },
    "The answer could not be sent.",
  );
  const setStatus = (status: "open" | "closed") => {
    if (!ticket) return;
    update.mutate(
      { id: ticket.id, status },
      {
        onSuccess: () => toast({ title: status === "closed" ? "Ticket Closed" : "Ticket Reopened" }),
        onError: (error) => toastError(error, "The ticket could not be changed."),
      },
    );
  };

  return (
    <TicketDialogShell
      open={id !== null}
      onClose={onClose}
      subject={ticket?.subject}
      description={ticket && `${ticket.userName} <${ticket.userEmail}> · ${targetText(ticket.tier)}`}
    >
      <TicketView ticket={ticket} messages={thread.data?.messages} showDue>
        <TicketMessageForm
          formLabel="Answer ticket"
          label="Answer"
          submitLabel="Send Answer"
          rows={4}
          pending={update.isPending}
          onSend={send}
        >
          {ticket?.status === "closed" ? (
            <Button type="button" variant="outline" onClick={() => setStatus("open")}>
              Reopen Ticket
            </Button>
          ) : (
            <Button type="button" variant="outline" onClick={() => setStatus("closed")}>
              Close Ticket
            </Button>
          )}
        </TicketMessageForm>
      </TicketView>
    </TicketDialogShell>
  );
}
