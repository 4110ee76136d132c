import { zodResolver } from "@hookform/resolvers/zod";
import {
  MAX_MESSAGE_LENGTH,
  type TTicket,
  type TTicketMessage,
  ZTicketMessageBody,
} from "@shared/api/support";
import { supportTarget } from "@shared/support";
import { type ReactNode, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { showServerIssues } from "@/lib/form-errors";
import { toast, toastError } from "@/lib/toast";

const STATUS_LABELS: Record<TTicket["status"], string> = {
  open: "Waiting on support",
  answered: "Answered",
  closed: "Closed",
};

/** A moment with its time of day, in the reader's zone: "Mar 4, 2025, 3:05 PM". */
export function formatMoment(value: string): string {
  return new Date(value).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** The ticket's status, and "Overdue" while it waits on support past its due time. */
export function TicketStatus({ ticket }: { ticket: Pick<TTicket, "status" | "overdue"> }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge
        variant={ticket.status === "answered" ? "success" : ticket.status === "open" ? "info" : "neutral"}
      >
        {STATUS_LABELS[ticket.status]}
      </Badge>
      {ticket.overdue && <Badge variant="destructive">Overdue</Badge>}
    </span>
  );
}

/** "VIP support: answered within 4 hours". */
export function targetText(tier: string): string {
  const target = supportTarget(tier);
  return `${target.label} support: answered within ${target.hours} hour${target.hours === 1 ? "" : "s"}`;
}

/**
 * An open ticket in its dialog, for its user and for staff: "Loading…" until the thread arrives,
 * then the ticket's status (and due time, with `showDue`), the domain or order it is about, the
 * thread, and `children`: the reply form.
 */
export function TicketView(props: {
  ticket: TTicket | undefined;
  messages: TTicketMessage[] | undefined;
  showDue?: boolean;
  children: ReactNode;
}) {
  const { ticket, messages } = props;
  if (!ticket || !messages) return <p className="text-muted-foreground text-sm">Loading…</p>;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <TicketStatus ticket={ticket} />
        {props.showDue && ticket.status === "open" && <span>Due {formatMoment(ticket.responseDueAt)}</span>}
        {ticket.domainName && <span>Domain: {ticket.domainName}</span>}
        {ticket.orderDescription && <span>Order: {ticket.orderDescription}</span>}
      </div>
      <TicketThread messages={messages} />
      {props.children}
    </div>
  );
}

/** A ticket's messages, oldest first, the user's and support's told apart. */
export function TicketThread({ messages }: { messages: TTicketMessage[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling thread must be reachable to scroll
    <ol aria-label="Messages" tabIndex={0} className="grid max-h-80 gap-2 overflow-y-auto">
      {messages.map((m) => (
        <li
          key={m.id}
          className={
            m.fromStaff
              ? "rounded-lg border border-blue-200 bg-blue-50 p-3"
              : "rounded-lg border border-slate-200 bg-white p-3"
          }
        >
          <p className="text-muted-foreground text-xs">
            {m.authorName} · {formatMoment(m.createdAt)}
          </p>
          <p className="whitespace-pre-wrap break-words text-sm">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** What a reply's sender is told back: the message was sent, or refused (its issues placed). */
export type TMessageOutcome = { sent: () => void; refused: (error: unknown) => void };

/**
 * A message to add to a ticket's thread (the user's reply, staff's answer), checked with the
 * message request's own schema: `onSend` gets the text (trimmed) and what to call when it was
 * sent or refused; `children` are the form's other buttons.
 */
export function TicketMessageForm(props: {
  formLabel: string;
  label: string;
  submitLabel: string;
  rows: number;
  pending: boolean;
  onSend: (text: string, outcome: TMessageOutcome) => void;
  children?: ReactNode;
}) {
  const form = useForm<z.input<typeof ZTicketMessageBody>, unknown, z.output<typeof ZTicketMessageBody>>({
    resolver: zodResolver(ZTicketMessageBody),
    defaultValues: { body: "" },
  });
  const { errors } = form.formState;
  const text = form.watch("body");
  const id = useId();
  const submit = form.handleSubmit(({ body }) =>
    props.onSend(body, {
      sent: () => form.reset({ body: "" }),
      refused: (error) => showServerIssues(error, form.setError, ["body"]),
    }),
  );
  return (
    <form className="grid gap-2" onSubmit={submit} aria-label={props.formLabel} noValidate>
      <Label htmlFor={id}>{props.label}</Label>
      <Textarea
        id={id}
        rows={props.rows}
        maxLength={MAX_MESSAGE_LENGTH}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={errors.body ? `${id}-error` : undefined}
        {...form.register("body")}
      />
      <FieldError id={`${id}-error`}>{errors.body?.message}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.pending || text.trim().length === 0}>
          {props.submitLabel}
        </Button>
        {props.children}
      </div>
    </form>
  );
}

/** The dialog a ticket opens in, for its owner and for staff: its subject as the title. */
export function TicketDialogShell(props: {
  open: boolean;
  onClose: () => void;
  subject: string | undefined;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogShell
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      className="sm:max-w-2xl"
      title={props.subject ?? "Ticket"}
      titleClassName="break-words"
      description={props.description}
    >
      {props.children}
    </DialogShell>
  );
}

/**
 * The `onSend` of a ticket's message form: posts the reply on `ticket` with `mutate`, then shows
 * `sentToast` and clears the form; a failure puts its issues at the field and shows `failure`.
 */
export function replySender(
  ticket: { id: string } | undefined,
  mutate: (
    reply: { id: string; reply: string },
    handlers: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void,
  sentToast: { title: string; description: string },
  failure: string,
) {
  return (reply: string, outcome: TMessageOutcome) => {
    if (!ticket) return;
    mutate(
      { id: ticket.id, reply },
      {
        onSuccess: () => {
          toast(sentToast);
          outcome.sent();
        },
        onError: (error) => {
          outcome.refused(error);
          toastError(error, failure);
        },
      },
    );
  };
}
