import type { TApiUsage } from "@shared/api/api-keys";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartTooltip } from "@/components/chart-tooltip";
import { formatNumber, formatShortDate } from "@/lib/format";
import { useReducedMotion } from "@/lib/use-reduced-motion";

/** The period's calls, one bar per UTC day. Loaded on demand: recharts stays out of the page's bundle. */
export default function ApiUsageChart({ days }: { days: TApiUsage["days"] }) {
  const reducedMotion = useReducedMotion();
  return (
    <div className="h-40" data-testid="api-usage-chart" data-days={days.length}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="day"
            tickFormatter={(day) => formatShortDate(`${day}T12:00:00Z`)}
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            minTickGap={12}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(n) => formatNumber(n)}
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            width={44}
          />
          <Tooltip
            cursor={{ fill: "#f1f5f9" }}
            content={
              <ChartTooltip period={(day) => formatShortDate(`${day}T12:00:00Z`)} value={formatNumber} />
            }
          />
          <Bar
            dataKey="calls"
            name="Calls"
            fill="#8b5cf6"
            radius={[3, 3, 0, 0]}
            maxBarSize={20}
            isAnimationActive={!reducedMotion}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
