import type { TRenewalOutlook } from "@shared/api/pnl";
import { CalendarClock, CircleAlert, CircleCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";
import { formatDaysAway } from "../utils/pnl-format";

/** The keep/renew hint, with the expiry date when it is near; a note when no renewal cost is set. */
export function RenewalHint({ renewal }: { renewal: TRenewalOutlook }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {renewal.hint === null ? (
        <span className="text-muted-foreground text-xs">No renewal cost set</span>
      ) : renewal.hint === "earns its renewal" ? (
        <Badge variant="success">
          <CircleCheck aria-hidden="true" />
          {renewal.hint}
        </Badge>
      ) : (
        <Badge variant="warning">
          <CircleAlert aria-hidden="true" />
          {renewal.hint}
        </Badge>
      )}
      {renewal.expiryDate && renewal.daysToExpiry !== null && (
        <span className="inline-flex items-center gap-1 text-amber-800 text-xs">
          <CalendarClock aria-hidden="true" className="size-3.5" />
          {renewal.daysToExpiry < 0 ? "Expired" : "Expires"} {formatDate(renewal.expiryDate)} (
          {formatDaysAway(renewal.daysToExpiry)})
        </span>
      )}
    </span>
  );
}
