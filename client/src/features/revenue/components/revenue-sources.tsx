import type { TDashboardAnswer } from "@shared/api/revenue";
import { centsToDecimal } from "@shared/money";
import { isReportedRevenue } from "@shared/revenue-kinds";
import { ReportedTag } from "@/components/reported-tag";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";
import { sourceShares } from "../utils/source-shares";

/** This month's revenue by source, each bar as wide as its real share. */
export function RevenueSources({ revenue }: { revenue: TDashboardAnswer["revenue"] }) {
  const { total, shares } = sourceShares(revenue);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Revenue Sources</CardTitle>
        <CardDescription>This month · {formatMoney(centsToDecimal(total))} in total</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-5" aria-label="Revenue by source">
          {shares.map((share) => (
            <li key={share.key} className="grid gap-2">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="flex items-center gap-2 font-medium text-slate-700">
                  {share.label}
                  {isReportedRevenue(share.key) && <ReportedTag />}
                </span>
                <span className="text-slate-500 tabular-nums">
                  {formatMoney(share.amount)} ·{" "}
                  <span className="font-semibold text-slate-900">{Math.round(share.percent)}%</span>
                </span>
              </div>
              <div
                className="h-2 overflow-hidden rounded-full bg-slate-100"
                role="progressbar"
                aria-label={`${share.label} share`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(share.percent)}
              >
                <div
                  className={`h-full rounded-full ${share.barClass}`}
                  style={{ width: `${share.percent}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
        {total === 0 && (
          <p className="mt-5 text-center text-muted-foreground text-sm">
            No revenue this month yet. Each source's share appears as it earns.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
