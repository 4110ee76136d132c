import { TrendingDown, TrendingUp } from "lucide-react";
import { useTodayRevenue } from "@/features/revenue/api/get-dashboard";
import { cn } from "@/lib/cn";
import { formatChangePercent, formatMoney } from "@/lib/format";

/** Today's revenue, refreshed every 30 s; a dash while it is unknown, never a made-up figure. */
export function TodayRevenueBox() {
  const { data, isSuccess } = useTodayRevenue();
  const value = isSuccess && data.todayRevenue !== undefined ? formatMoney(data.todayRevenue) : "—";
  const change =
    isSuccess && data.todayChangePercent !== undefined ? Number(data.todayChangePercent) : undefined;

  return (
    <section
      aria-label="Today's Revenue"
      className="mx-3 rounded-xl border border-emerald-500/20 bg-gradient-to-br from-emerald-500/15 to-emerald-500/5 p-4"
    >
      <p className="font-medium text-emerald-200/80 text-xs uppercase tracking-wider">Today's Revenue</p>
      <div className="mt-1 flex items-baseline justify-between gap-2">
        <p className="font-bold text-2xl text-white tabular-nums" aria-live="polite">
          {value}
        </p>
        {change !== undefined && Number.isFinite(change) && (
          <span
            className={cn(
              "inline-flex items-center gap-1 font-semibold text-xs",
              change >= 0 ? "text-emerald-300" : "text-red-300",
            )}
          >
            {change >= 0 ? (
              <TrendingUp aria-hidden="true" className="size-3.5" />
            ) : (
              <TrendingDown aria-hidden="true" className="size-3.5" />
            )}
            {formatChangePercent(change)}
          </span>
        )}
      </div>
    </section>
  );
}
