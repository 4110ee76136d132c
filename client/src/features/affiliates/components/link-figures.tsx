import type { TLinkAnalytics } from "@shared/api/affiliates";
import { formatUsd } from "@shared/money";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

type Figures = TLinkAnalytics["totals"];

/** Clicks per day as bars (each bar's height is its share of the busiest day). */
export function ClicksByDay({ days }: { days: TLinkAnalytics["byDay"] }) {
  const most = Math.max(1, ...days.map((d) => d.clicks));
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Clicks by day</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex h-32 items-end gap-0.5" aria-label="Clicks by day">
          {days.map((d) => (
            <li
              key={d.date}
              className="flex-1 rounded-t bg-emerald-500"
              style={{ height: `${Math.max(2, (d.clicks / most) * 100)}%`, opacity: d.clicks ? 1 : 0.2 }}
              title={`${d.date}: ${d.clicks} clicks`}
            >
              <span className="sr-only">
                {d.date}: {d.clicks} clicks
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/** A table of figures, one row per source, campaign or tagged link. */
export function FiguresTable<R extends Figures>(props: {
  title: string;
  rows: R[];
  columns: { label: string; value: (row: R) => string }[];
}) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{props.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {props.rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">No clicks in this period.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                {props.columns.map((c) => (
                  <TableHead key={c.label}>{c.label}</TableHead>
                ))}
                <TableHead className="text-right">Clicks</TableHead>
                <TableHead className="text-right">Sign-ups</TableHead>
                <TableHead className="text-right">Paying</TableHead>
                <TableHead className="text-right">Commission</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {props.rows.map((row) => (
                <TableRow key={props.columns.map((c) => c.value(row)).join("|")}>
                  {props.columns.map((c) => (
                    <TableCell key={c.label}>{c.value(row)}</TableCell>
                  ))}
                  <TableCell className="text-right tabular-nums">{row.clicks}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.registrations}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.paidReferrals}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatUsd(row.commission)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
