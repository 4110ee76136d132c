import type { TReportStatus } from "@shared/api/reports";
import { Badge, type BadgeProps } from "@/components/ui/badge";

const LOOK: Record<TReportStatus, { label: string; variant: BadgeProps["variant"] }> = {
  queued: { label: "Queued", variant: "neutral" },
  building: { label: "Building", variant: "info" },
  ready: { label: "Ready", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  refunded: { label: "Refunded", variant: "neutral" },
};

/** A report's status; while it is built, how far it is. */
export function ReportStatusBadge({ status, progress }: { status: TReportStatus; progress: number }) {
  const look = LOOK[status];
  return (
    <Badge variant={look.variant}>
      {look.label}
      {status === "building" ? ` ${progress}%` : ""}
    </Badge>
  );
}
