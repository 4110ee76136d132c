import type { TAnalyticsRange } from "@shared/api/analytics";
import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { analyticsExportUrl } from "../api/get-analytics";

/** Downloads the range's daily series as CSV. */
export function ExportButton({ range }: { range: TAnalyticsRange }) {
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
