import type { TPnlMonth } from "@shared/api/pnl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartTooltip } from "@/components/chart-tooltip";
import { formatCompactMoney, formatMoney } from "@/lib/format";
import { useReducedMotion } from "@/lib/use-reduced-motion";
import { formatMonth } from "../utils/pnl-format";

const INCOME_COLOR = "#10b981";
const COST_COLOR = "#f43f5e";
/** Charts plot floats; stored money never becomes one. */
const plot = (amount: string) => Number.parseFloat(amount);
/** Income against costs per month of the range. Loaded on demand: recharts stays out of the grid. */
export default function PnlMonthChart({ months }: { months: TPnlMonth[] }) {
  const reducedMotion = useReducedMotion();
  const points = months.map((m) => ({
    month: m.month,
    income: plot(m.income.total),
    costs: plot(m.costs.total),
  }));
  return (
    <div className="h-44" data-testid="pnl-month-chart" data-months={months.length}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} barGap={2}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="month"
            tickFormatter={formatMonth}
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            minTickGap={8}
          />
          <YAxis
            tickFormatter={formatCompactMoney}
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <Tooltip
            cursor={{ fill: "#f1f5f9" }}
            content={<ChartTooltip period={formatMonth} value={formatMoney} />}
          />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="income"
            name="Income"
            fill={INCOME_COLOR}
            radius={[3, 3, 0, 0]}
            maxBarSize={24}
            isAnimationActive={!reducedMotion}
          />
          <Bar
            dataKey="costs"
            name="Costs"
            fill={COST_COLOR}
            radius={[3, 3, 0, 0]}
            maxBarSize={24}
            isAnimationActive={!reducedMotion}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
