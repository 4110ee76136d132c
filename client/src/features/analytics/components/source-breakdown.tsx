import { REVENUE_SOURCES, type TAnalyticsAnswer } from "@shared/api/analytics";
import { toCents } from "@shared/money";
import { isReportedRevenue } from "@shared/revenue-kinds";
import { ReportedTag } from "@/components/reported-tag";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney, percentOf, REVENUE_SOURCE_LABELS } from "@/lib/format";
import { SOURCE_COLORS } from "./chart-format";

/** Each source's total for the range and its share of all revenue. */
export function SourceBreakdown({ data }: { data: TAnalyticsAnswer }) {
  // Shares of what was earned: a source that netted out negative (refunds) shows no bar.
  const earnedCents = (amount: string) => (amount.startsWith("-") ? 0 : toCents(amount));
  const totalCents = REVENUE_SOURCES.reduce((sum, s) => sum + earnedCents(data.totals.revenue[s]), 0);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Revenue Mix</CardTitle>
        <CardDescription>Share of the period's revenue by source</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {REVENUE_SOURCES.map((source) => {
            const amount = data.totals.revenue[source];
            const share = percentOf(earnedCents(amount), totalCents);
            return (
              <li key={source} className="grid gap-1.5">
                <div className="flex items-center justify-between text-sm">
                  <span className="flex items-center gap-2 text-slate-700">
                    <span
                      aria-hidden="true"
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: SOURCE_COLORS[source] }}
                    />
                    {REVENUE_SOURCE_LABELS[source]}
                    {isReportedRevenue(source) && <ReportedTag />}
                  </span>
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatMoney(amount)}
                    <span className="ml-2 font-normal text-muted-foreground text-xs">{share}%</span>
                  </span>
                </div>
                <div className="h-1.5 overflow-hidden rounded-full bg-slate-100">
                  <div
                    className="h-full rounded-full"
                    style={{ width: `${share}%`, backgroundColor: SOURCE_COLORS[source] }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
