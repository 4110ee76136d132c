import type { TAnalyticsAnswer } from "@shared/api/analytics";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { AXIS_STYLE, GRID_STYLE } from "@/components/chart-style";
import { ChartTooltip } from "@/components/chart-tooltip";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber, formatShortDate } from "@/lib/format";
import { useReducedMotion } from "@/lib/use-reduced-motion";

const AXIS_TITLE_STYLE = { fontSize: 12, fill: "#475569", style: { textAnchor: "middle" } } as const;

/** Visitors per day as bars, leads as a line on their own axis; conversion in the tooltip. */
export function TrafficChart({ data }: { data: TAnalyticsAnswer }) {
  const reducedMotion = useReducedMotion();
  const conversionOf = new Map(data.days.map((d) => [d.day, d.conversionRate]));
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Visitors &amp; Leads</CardTitle>
        <CardDescription>
          {formatNumber(data.totals.visitors)} visitors · {formatNumber(data.totals.leads)} leads ·{" "}
          {data.totals.conversionRate.toFixed(2)}% of {formatNumber(data.totals.pageVisits)} parked-page
          visits converted
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-72" data-testid="traffic-chart" data-days={data.days.length}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={data.days} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
              <CartesianGrid {...GRID_STYLE} />
              <XAxis dataKey="day" tickFormatter={formatShortDate} {...AXIS_STYLE} minTickGap={16} />
              {/* Two scales share the chart, so each axis says what it counts. */}
              <YAxis
                yAxisId="visitors"
                allowDecimals={false}
                tickFormatter={formatNumber}
                {...AXIS_STYLE}
                width={64}
                label={{ value: "Visitors", angle: -90, position: "insideLeft", ...AXIS_TITLE_STYLE }}
              />
              <YAxis
                yAxisId="leads"
                orientation="right"
                allowDecimals={false}
                tickFormatter={formatNumber}
                {...AXIS_STYLE}
                width={52}
                label={{ value: "Leads", angle: 90, position: "insideRight", ...AXIS_TITLE_STYLE }}
              />
              <Tooltip
                cursor={{ fill: "#f1f5f9" }}
                content={
                  <ChartTooltip
                    period={(day) =>
                      `${formatShortDate(day)} · ${(conversionOf.get(day) ?? 0).toFixed(2)}% conversion`
                    }
                    value={formatNumber}
                  />
                }
              />
              <Legend iconType="circle" itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
              <Bar
                yAxisId="visitors"
                dataKey="visitors"
                name="Visitors"
                fill="#3b82f6"
                maxBarSize={32}
                isAnimationActive={!reducedMotion}
              />
              <Line
                yAxisId="leads"
                dataKey="leads"
                name="Leads"
                type="monotone"
                stroke="#f59e0b"
                strokeWidth={2}
                dot={false}
                isAnimationActive={!reducedMotion}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}
