import { ANALYTICS_RANGES, type TAnalyticsRange } from "@shared/api/analytics";
import { Lock } from "lucide-react";
import { cn } from "@/lib/cn";

/**
 * 7D / 30D / 90D / 1Y / 2Y: a segmented control; the chosen range is pressed. Ranges beyond the
 * plan's history carry a lock and open the plan's offer instead of the figures.
 */
export function RangePicker({
  value,
  onChange,
  allowed,
}: {
  value: TAnalyticsRange;
  onChange: (range: TAnalyticsRange) => void;
  /** The ranges the plan opens; all when not known yet. */
  allowed?: readonly TAnalyticsRange[];
}) {
  return (
    <fieldset className="inline-flex rounded-lg border bg-card p-1 shadow-xs">
      <legend className="sr-only">Date range</legend>
      {ANALYTICS_RANGES.map((range) => {
        const active = range === value;
        const locked = allowed !== undefined && !allowed.includes(range);
        return (
          <button
            key={range}
            type="button"
            aria-pressed={active}
            title={locked ? "Needs a premium analytics plan" : undefined}
            onClick={() => onChange(range)}
            className={cn(
              "inline-flex h-8 cursor-pointer items-center gap-1 rounded-md px-3 font-semibold text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              active ? "bg-emerald-700 text-white shadow-sm" : "text-slate-600 hover:bg-muted",
              locked && !active && "text-slate-500",
            )}
          >
            {range.toUpperCase()}
            {locked ? <Lock aria-hidden="true" className="size-3" /> : null}
          </button>
        );
      })}
    </fieldset>
  );
}
