import type { TAnalyticsRange } from "@shared/api/analytics";
import { Download, Lock } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { analyticsExportUrl } from "../api/get-analytics";

/** Downloads the range's daily series as CSV; without a plan that exports, a locked button says why. */
export function ExportButton({ range, enabled = true }: { range: TAnalyticsRange; enabled?: boolean }) {
  if (!enabled) {
    return (
      <Button variant="outline" size="sm" disabled title="CSV export needs a premium analytics plan">
        <Lock aria-hidden="true" />
        Export CSV
      </Button>
    );
  }
  return (
    <a
      href={analyticsExportUrl(range)}
      download
      className={buttonVariants({ variant: "outline", size: "sm" })}
    >
      <Download aria-hidden="true" />
      Export CSV
    </a>
  );
}
