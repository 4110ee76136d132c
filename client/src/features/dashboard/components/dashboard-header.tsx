import { Bell } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";

export const NOTIFICATIONS_TOAST = "You have new revenue and affiliate notifications!";

/** The page title with the notifications button and the Live indicator. */
export function DashboardHeader() {
  return (
    <PageHeader
      className="mb-0"
      title="Revenue Dashboard"
      description="Your portfolio's earnings across parking, leads, the marketplace and affiliates."
      actions={
        <>
          <span
            className="inline-flex items-center gap-2 rounded-full border border-emerald-200 bg-emerald-50 px-3 py-1.5 font-medium text-emerald-700 text-sm"
            title="Figures refresh every 30 seconds and the activity feed every 10"
          >
            <span className="relative flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
              <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
            </span>
            Live
          </span>
          <Button
            variant="outline"
            size="icon"
            aria-label="Notifications"
            onClick={() => toast({ title: NOTIFICATIONS_TOAST })}
          >
            <Bell aria-hidden="true" />
          </Button>
        </>
      }
    />
  );
}
