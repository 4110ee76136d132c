import { REVENUE_RANGES, type TDashboardAnswer, type TRevenueRange } from "@shared/api/revenue";
import { useState } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_STYLE, GRID_STYLE } from "@/components/chart-style";
import { ChartTooltip } from "@/components/chart-tooltip";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatCompactMoney, formatMoney } from "@/lib/format";
import { useDashboardTrend } from "../api/get-dashboard";
import { trendLabel } from "../utils/chart-labels";

const RANGE_LABELS: Record<TRevenueRange, { button: string; description: string; empty: string }> = {
  "24h": { button: "24H", description: "Today by hour", empty: "No revenue yet today" },
  "7d": { button: "7D", description: "The last 7 days", empty: "No revenue in the last 7 days" },
  "30d": { button: "30D", description: "The last 30 days", empty: "No revenue in the last 30 days" },
};

/** The period a trend point covers: "Today 9:00–10:00", or the day itself. */
function trendPeriod(range: TRevenueRange, label: string): string {
  if (range !== "24h") return label;
  const hour = Number.parseInt(label, 10);
  return `Today ${hour}:00–${hour + 1}:00`;
}

/** Revenue over time: today's 24 hours, or the last 7 or 30 days, all in the user's time zone. */
export function RevenueTrend({ dashboard }: { dashboard: TDashboardAnswer }) {
  const [range, setRange] = useState<TRevenueRange>("24h");
  const trend = useDashboardTrend(range);
  // The axis runs through the whole day, 0:00 to 23:00; the line stops at the current hour, since
  // the hours still to come have earned nothing yet rather than $0.
  const points: { label: string; amount: number | null }[] | undefined =
    range === "24h"
      ? dashboard.hourlyRevenue.map((h) => ({
          label: `${h.hour}:00`,
          amount: h.hour <= dashboard.currentHour ? h.amount : null,
        }))
      : trend.data?.points.map((p) => ({ label: trendLabel(p.key), amount: p.amount }));
  const labels = RANGE_LABELS[range];
  const empty = points?.every((p) => !p.amount);

  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-2">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2 text-base">
            Revenue Trend
            {range !== "24h" && trend.isFetching && <Spinner className="size-3.5 text-primary" />}
          </CardTitle>
          <CardDescription>{labels.description}</CardDescription>
        </div>
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1" aria-label="Trend range">
          {REVENUE_RANGES.map((r) => (
            <Button
              key={r}
              size="sm"
              variant={r === range ? "default" : "ghost"}
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {RANGE_LABELS[r].button}
            </Button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent>
        {!points ? (
          trend.isError ? (
            <p className="flex h-64 items-center justify-center text-red-600 text-sm" role="alert">
              Failed to load the trend. It will retry on the next refresh.
            </p>
          ) : (
            <Skeleton className="h-64 w-full" />
          )
        ) : (
          <div
            className="relative h-64"
            data-testid="revenue-trend-chart"
            data-range={range}
            data-points={points.length}
            data-drawn-points={points.filter((p) => p.amount !== null).length}
            data-last-label={points.at(-1)?.label}
          >
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <defs>
                  <linearGradient id="revenue-trend-fill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor="#10b981" stopOpacity={0.25} />
                    <stop offset="100%" stopColor="#10b981" stopOpacity={0} />
                  </linearGradient>
                </defs>
                <CartesianGrid {...GRID_STYLE} />
                {/* The first and the last hour are always labelled, whatever fits between them. */}
                <XAxis dataKey="label" {...AXIS_STYLE} minTickGap={12} interval="preserveStartEnd" />
                <YAxis tickFormatter={formatCompactMoney} {...AXIS_STYLE} width={56} />
                <Tooltip
                  cursor={{ stroke: "#94a3b8", strokeDasharray: "3 3" }}
                  content={<ChartTooltip period={(label) => trendPeriod(range, label)} value={formatMoney} />}
                />
                {/* Monotone: the curve never swings below $0 between two points. */}
                <Area
                  type="monotone"
                  dataKey="amount"
                  name="Revenue"
                  stroke="#059669"
                  strokeWidth={2}
                  fill="url(#revenue-trend-fill)"
                  dot={false}
                  activeDot={{ r: 4 }}
                  isAnimationActive={false}
                />
              </AreaChart>
            </ResponsiveContainer>
            {empty && (
              <p className="pointer-events-none absolute inset-0 flex items-center justify-center font-medium text-slate-500 text-sm">
                {labels.empty}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
