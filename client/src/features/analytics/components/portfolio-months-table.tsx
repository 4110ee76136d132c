import type { TPortfolioMonth } from "@shared/api/analytics";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney, formatNumber } from "@/lib/format";
import { breakdownExportUrl } from "../api/get-breakdowns";
import { CsvLink } from "./csv-link";

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/** The portfolio's last 12 calendar months, newest first. */
export function PortfolioMonthsTable({ months }: { months: TPortfolioMonth[] }) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 pb-2">
        <div>
          <CardTitle className="text-base">12-month summary</CardTitle>
          <CardDescription>
            Revenue (parking as reported by the networks) and traffic by calendar month.
          </CardDescription>
        </div>
        <CsvLink href={breakdownExportUrl("months", "7d")} label="Download the 12-month summary as CSV" />
      </CardHeader>
      <CardContent>
        <Table data-testid="portfolio-months">
          <TableHeader>
            <TableRow>
              <TableHead>Month</TableHead>
              <TableHead className="text-right">Total revenue</TableHead>
              <TableHead className="text-right">Parking</TableHead>
              <TableHead className="text-right">Leads</TableHead>
              <TableHead className="text-right">Ad visitors</TableHead>
              <TableHead className="text-right">RPM</TableHead>
              <TableHead className="text-right">Page visits</TableHead>
              <TableHead className="text-right">Leads captured</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {[...months].reverse().map((m) => (
              <TableRow key={m.month}>
                <TableCell className="font-medium">{monthLabel(m.month)}</TableCell>
                <TableCell className="text-right font-semibold tabular-nums">
                  {formatMoney(m.revenue.total)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(m.revenue.parking)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(m.revenue.lead)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(m.parkingVisitors)}</TableCell>
                <TableCell className="text-right tabular-nums">{m.rpm ? formatMoney(m.rpm) : "—"}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(m.landingVisits)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(m.leads)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
