import { ANALYTICS_RANGES, type TAnalyticsRange } from "@shared/api/analytics";
import { cn } from "@/lib/cn";

/** 7D / 30D / 90D: a segmented control; the chosen range is pressed. */
export function RangePicker({
  value,
  onChange,
}: {
  value: TAnalyticsRange;
  onChange: (range: TAnalyticsRange) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg border bg-card p-1 shadow-xs">
      <legend className="sr-only">Date range</legend>
      {ANALYTICS_RANGES.map((range) => {
        const active = range === value;
        return (
          <button
            key={range}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(range)}
            className={cn(
              "h-8 cursor-pointer rounded-md px-3 font-semibold text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              active ? "bg-emerald-700 text-white shadow-sm" : "text-slate-600 hover:bg-muted",
            )}
          >
            {range.toUpperCase()}
          </button>
        );
      })}
    </fieldset>
  );
}
