import type { TAnalyticsRange, TExportTable, TVisitShare } from "@shared/api/analytics";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber } from "@/lib/format";
import { breakdownExportUrl } from "../api/get-breakdowns";
import { CsvLink } from "./csv-link";

/** Parked-page visits by country or referrer, each with a bar of its share. */
export function VisitShares({
  title,
  description,
  rows,
  table,
  range,
}: {
  title: string;
  description: string;
  rows: TVisitShare[];
  table: TExportTable;
  range: TAnalyticsRange;
}) {
  const total = rows.reduce((sum, r) => sum + r.visits, 0);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 pb-2">
        <div>
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <CsvLink href={breakdownExportUrl(table, range)} label={`Download ${title.toLowerCase()} as CSV`} />
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground text-sm">
            No parked-page visits in this period.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={title}>
            {rows.slice(0, 10).map((row) => (
              <li key={row.key} className="grid gap-1">
                <div className="flex justify-between text-sm">
                  <span className="text-slate-700">{row.label}</span>
                  <span className="tabular-nums">{formatNumber(row.visits)}</span>
                </div>
                <div className="h-1.5 rounded-full bg-slate-100">
                  <div
                    className="h-1.5 rounded-full bg-emerald-600"
                    style={{ width: `${total ? (row.visits * 100) / total : 0}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
