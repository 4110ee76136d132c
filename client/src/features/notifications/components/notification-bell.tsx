import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Bell } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useNotifications } from "../api/get-notifications";
import { NotificationList } from "./notification-list";

export const NOTIFICATIONS_TOAST = "You have new revenue and affiliate notifications!";

/** The count on the bell: past 99 it reads "99+". */
const countText = (n: number) => (n > 99 ? "99+" : String(n));

/**
 * The header's bell: the unread count on it, and a panel with the newest notifications (a
 * non-modal dialog, so the page stays usable and a click outside closes it). Opening it with
 * unread notifications also raises the product's notifications toast.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;

  const change = (next: boolean) => {
    setOpen(next);
    if (next && unread > 0) toast({ title: NOTIFICATIONS_TOAST });
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={change} modal={false}>
      <div className="relative">
        <DialogPrimitive.Trigger asChild>
          <Button
            variant="outline"
            size="icon"
            className="relative"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
          >
            <Bell aria-hidden="true" />
            {unread > 0 && (
              <span
                aria-hidden="true"
                data-testid="notification-count"
                className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 font-semibold text-[11px] text-white leading-none"
              >
                {countText(unread)}
              </span>
            )}
          </Button>
        </DialogPrimitive.Trigger>
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // Opening raises a toast, and a toast is a dismissable layer of its own above the panel:
          // Radix gives Escape to the topmost layer only, so the toast would take it and the panel
          // stay open. Escape pressed inside the panel closes the panel (the toast may go too).
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
          className="fixed inset-x-4 top-24 z-50 flex max-h-[min(32rem,calc(100dvh-7rem))] flex-col rounded-xl border bg-popover text-popover-foreground shadow-xl data-[state=open]:animate-fade-in sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <NotificationList
            data={notifications.data}
            isError={notifications.isError}
            onNavigate={() => setOpen(false)}
          />
        </DialogPrimitive.Content>
      </div>
    </DialogPrimitive.Root>
  );
}
