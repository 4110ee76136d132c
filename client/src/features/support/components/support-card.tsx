import { LifeBuoy } from "lucide-react";
import { useState } from "react";
import { SettingsCard } from "@/components/settings-card";
import { formatMoment, TicketStatus, targetText } from "@/components/ticket-parts";
import { Button } from "@/components/ui/button";
import { useSupportTarget } from "@/lib/api/get-support-target";
import { useSupportTickets } from "../api/get-support-tickets";
import { NewTicketDialog } from "./new-ticket-dialog";
import { TicketDialog } from "./ticket-dialog";

/** Settings' Support card: the user's response target, their tickets, and a new one. */
export function SupportCard() {
  const target = useSupportTarget();
  const tickets = useSupportTickets();
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <SettingsCard
      id="support"
      icon={LifeBuoy}
      title="Support"
      description={target.data ? targetText(target.data.tier) : "Ask our support team for help."}
    >
      <div className="grid gap-4">
        <NewTicketDialog tier={target.data?.tier} onOpened={setOpenId} />
        {tickets.data && tickets.data.length === 0 && (
          <p className="text-muted-foreground text-sm">You have no support tickets.</p>
        )}
        {tickets.data && tickets.data.length > 0 && (
          <ul aria-label="Your tickets" className="grid gap-2">
            {tickets.data.map((ticket) => (
              <li
                key={ticket.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
              >
                <div className="grid min-w-0 gap-1">
                  <span className="break-words font-medium text-sm">{ticket.subject}</span>
                  <span className="text-muted-foreground text-xs">
                    Last message {formatMoment(ticket.lastMessageAt)}
                  </span>
                  <TicketStatus ticket={ticket} />
                </div>
                <Button variant="outline" size="sm" onClick={() => setOpenId(ticket.id)}>
                  Open<span className="sr-only"> ticket {ticket.subject}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TicketDialog id={openId} onClose={() => setOpenId(null)} />
    </SettingsCard>
  );
}
