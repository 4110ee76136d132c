import { REVENUE_SOURCES, type TAnalyticsAnswer } from "@shared/api/analytics";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_STYLE, GRID_STYLE } from "@/components/chart-style";
import { ChartTooltip } from "@/components/chart-tooltip";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCompactMoney, formatMoney, formatShortDate, REVENUE_SOURCE_LABELS } from "@/lib/format";
import { useReducedMotion } from "@/lib/use-reduced-motion";
import { plotValue, SOURCE_COLORS } from "./chart-format";

/** Revenue per day, stacked by source. */
export function RevenueChart({ data }: { data: TAnalyticsAnswer }) {
  const reducedMotion = useReducedMotion();
  const points = data.days.map((day) => ({
    day: day.day,
    ...Object.fromEntries(REVENUE_SOURCES.map((source) => [source, plotValue(day.revenue[source])])),
  }));
  const empty = plotValue(data.totals.revenue.total) === 0;

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Revenue by Source</CardTitle>
        <CardDescription>
          {formatShortDate(data.from)} – {formatShortDate(data.to)} · {formatMoney(data.totals.revenue.total)}{" "}
          in total
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div
          className="relative h-72"
          data-testid="revenue-chart"
          data-days={data.days.length}
          data-from={data.from}
          data-to={data.to}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid {...GRID_STYLE} />
              <XAxis dataKey="day" tickFormatter={formatShortDate} {...AXIS_STYLE} minTickGap={16} />
              <YAxis tickFormatter={formatCompactMoney} {...AXIS_STYLE} width={56} />
              <Tooltip
                cursor={{ fill: "#f1f5f9" }}
                content={<ChartTooltip period={formatShortDate} value={formatMoney} />}
              />
              <Legend iconType="circle" itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
              {REVENUE_SOURCES.map((source) => (
                <Bar
                  key={source}
                  dataKey={source}
                  name={REVENUE_SOURCE_LABELS[source]}
                  stackId="revenue"
                  fill={SOURCE_COLORS[source]}
                  maxBarSize={32}
                  isAnimationActive={!reducedMotion}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
          {empty && (
            <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
              <p className="font-medium text-slate-700">No revenue in this period</p>
              <p className="text-muted-foreground text-sm">
                Parking, lead, marketplace and affiliate income will be charted here.
              </p>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
