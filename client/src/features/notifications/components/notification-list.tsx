import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { TNotification, TNotificationList } from "@shared/api/notifications";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatRelativeTime } from "@/lib/format";
import { toastError } from "@/lib/toast";
import { useMarkNotificationsRead } from "../api/mark-notifications-read";

/** The panel's content: its title with "Mark all read", then each notification, newest first. */
export function NotificationList(props: {
  data: TNotificationList | undefined;
  isError: boolean;
  onNavigate: () => void;
}) {
  const { data } = props;
  const mark = useMarkNotificationsRead();
  const markRead = (body: { ids: string[] } | { all: true }) =>
    mark.mutate(body, { onError: (error) => toastError(error, "Could not mark the notifications read.") });

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <DialogPrimitive.Title className="font-semibold text-base">Notifications</DialogPrimitive.Title>
        <Button
          variant="ghost"
          size="sm"
          disabled={!data || data.unreadCount === 0 || mark.isPending}
          onClick={() => markRead({ all: true })}
        >
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 overflow-y-auto">
        {props.isError ? (
          <p className="p-4 text-destructive text-sm">Your notifications could not be loaded.</p>
        ) : !data ? (
          <div className="grid gap-3 p-4">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : data.items.length === 0 ? (
          <p className="p-6 text-center text-muted-foreground text-sm">
            No notifications yet. Leads, sales, payouts and answers from our team will show here.
          </p>
        ) : (
          <ul aria-label="Notifications" className="divide-y">
            {data.items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onOpen={() => {
                  if (!n.readAt) markRead({ ids: [n.id] });
                  props.onNavigate();
                }}
                onMarkRead={() => markRead({ ids: [n.id] })}
                busy={mark.isPending}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function NotificationItem(props: {
  notification: TNotification;
  onOpen: () => void;
  onMarkRead: () => void;
  busy: boolean;
}) {
  const n = props.notification;
  const unread = n.readAt === null;
  return (
    <li className={cn("flex items-start gap-3 px-4 py-3", unread && "bg-emerald-50/60")}>
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-emerald-500" : "bg-transparent")}
      />
      <div className="min-w-0 flex-1">
        <Link
          href={n.href}
          onClick={props.onOpen}
          className="break-words font-medium text-slate-900 text-sm hover:underline"
        >
          {n.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </Link>
        <p className="break-words text-slate-600 text-sm">{n.body}</p>
        <p className="text-muted-foreground text-xs">
          <time dateTime={n.createdAt}>{formatRelativeTime(n.createdAt)}</time>
        </p>
      </div>
      {unread && (
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0"
          disabled={props.busy}
          onClick={props.onMarkRead}
          aria-label={`Mark "${n.title}" read`}
        >
          Mark read
        </Button>
      )}
    </li>
  );
}
