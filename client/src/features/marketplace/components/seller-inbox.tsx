import { marketplacePaths, type TSellerMessage } from "@shared/api/marketplace/listings";
import { pathTo } from "@shared/path-to";
import { AlertCircle, Check, Inbox, Mail } from "lucide-react";
import { useState } from "react";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useRouteBlock } from "@/lib/can-purchase";
import { cn } from "@/lib/cn";
import { formatRelativeTime } from "@/lib/format";
import { useSellerInbox } from "../api/get-seller-inbox";
import { useMarkMessageRead } from "../api/mark-message-read";

/** Messages shown before "Show all". */
const PREVIEW_COUNT = 3;

function MessageRow({ message, onRead }: { message: TSellerMessage; onRead: () => void }) {
  const unread = message.readAt === null;
  const block = useRouteBlock("POST", pathTo(marketplacePaths.readMessage, { id: message.id }));
  return (
    <li
      className={cn("rounded-lg border p-4", unread ? "border-emerald-200 bg-emerald-50/50" : "bg-card")}
      data-testid="seller-message"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          {unread && <span className="size-2 shrink-0 rounded-full bg-emerald-500" aria-hidden="true" />}
          <span className="truncate font-semibold text-slate-900">{message.domainName}</span>
          {unread && <Badge variant="success">New</Badge>}
        </div>
        <time dateTime={message.createdAt} className="text-muted-foreground text-xs">
          {formatRelativeTime(message.createdAt)}
        </time>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-slate-700 text-sm">{message.message}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <a
          href={`mailto:${message.senderEmail}?subject=${encodeURIComponent(`Re: ${message.domainName}`)}`}
          className="inline-flex items-center gap-1.5 font-medium text-primary text-sm hover:underline"
        >
          <Mail aria-hidden="true" className="size-4" />
          {message.senderEmail}
        </a>
        {unread && (
          <div className="flex flex-wrap items-center gap-2">
            <PurchaseBlockedNote block={block} />
            <Button variant="ghost" size="sm" onClick={onRead} {...block?.button}>
              <Check aria-hidden="true" />
              Mark as read
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The seller's inbox: buyers' messages about the user's listings, newest first. */
export function SellerInbox() {
  const inbox = useSellerInbox();
  const markRead = useMarkMessageRead();
  const [showAll, setShowAll] = useState(false);
  const messages = inbox.data?.messages ?? [];
  const unread = inbox.data?.unreadCount ?? 0;
  const visible = showAll ? messages : messages.slice(0, PREVIEW_COUNT);

  return (
    <section aria-labelledby="seller-inbox-title" className="mb-8">
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
          <div className="flex items-start gap-3">
            <div className="flex size-10 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
              <Inbox aria-hidden="true" className="size-5" />
            </div>
            <div>
              <CardTitle id="seller-inbox-title" className="flex items-center gap-2">
                Seller Inbox
                {unread > 0 && <Badge>{unread} unread</Badge>}
              </CardTitle>
              <CardDescription className="mt-1">
                Messages from buyers about the domains you have listed.
              </CardDescription>
            </div>
          </div>
        </CardHeader>
        <CardContent>
          {inbox.isPending ? (
            <div className="grid gap-3" data-testid="inbox-loading">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          ) : inbox.isError ? (
            <p className="flex items-center gap-2 text-destructive text-sm" role="alert">
              <AlertCircle aria-hidden="true" className="size-4" />
              Failed to load your messages.
            </p>
          ) : messages.length === 0 ? (
            <div className="rounded-lg border border-dashed px-6 py-8 text-center">
              <p className="font-medium text-slate-700">No messages yet</p>
              <p className="mt-1 text-muted-foreground text-sm">
                When buyers contact you about your listings, their messages appear here.
              </p>
            </div>
          ) : (
            <>
              <ul className="grid gap-3">
                {visible.map((message) => (
                  <MessageRow key={message.id} message={message} onRead={() => markRead.mutate(message.id)} />
                ))}
              </ul>
              {messages.length > PREVIEW_COUNT && (
                <Button variant="link" className="mt-3" onClick={() => setShowAll(!showAll)}>
                  {showAll ? "Show fewer" : `Show all ${messages.length} messages`}
                </Button>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
