import type { TAnalyticsBreakdowns, TAnalyticsRange } from "@shared/api/analytics";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney, formatNumber } from "@/lib/format";
import { breakdownExportUrl } from "../api/get-breakdowns";
import { CsvLink } from "./csv-link";

const dash = "—";
const percent = (value: number | null) => (value === null ? dash : `${value.toFixed(2)}%`);
const money = (value: string | null) => (value === null ? dash : formatMoney(value));

/** Each domain's parking efficiency (RPM, CTR, EPC) and its parked page's lead conversion. */
export function DomainBreakdownTable({
  data,
  range,
}: {
  data: TAnalyticsBreakdowns;
  range: TAnalyticsRange;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 pb-2">
        <div>
          <CardTitle className="text-base">Domain performance</CardTitle>
          <CardDescription>
            RPM, CTR and EPC from imported parking reports; visits and leads counted on the parked page.
            {data.domainCount > data.domains.length
              ? ` The ${data.domains.length} best earners of ${formatNumber(data.domainCount)}; the CSV has every domain.`
              : null}
          </CardDescription>
        </div>
        <CsvLink href={breakdownExportUrl("domains", range)} label="Download domain performance as CSV" />
      </CardHeader>
      <CardContent>
        {data.domains.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground text-sm">No domains yet.</p>
        ) : (
          <Table data-testid="domain-breakdown">
            <TableHeader>
              <TableRow>
                <TableHead>Domain</TableHead>
                <TableHead className="text-right">Ad visitors</TableHead>
                <TableHead className="text-right">Clicks</TableHead>
                <TableHead className="text-right">Parking revenue</TableHead>
                <TableHead className="text-right">RPM</TableHead>
                <TableHead className="text-right">CTR</TableHead>
                <TableHead className="text-right">EPC</TableHead>
                <TableHead className="text-right">Page visits</TableHead>
                <TableHead className="text-right">Leads</TableHead>
                <TableHead className="text-right">Lead conversion</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.domains.map((d) => (
                <TableRow key={d.id}>
                  <TableCell className="font-medium">{d.name}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(d.parkingVisitors)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(d.clicks)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(d.parkingRevenue)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(d.rpm)}</TableCell>
                  <TableCell className="text-right tabular-nums">{percent(d.ctr)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(d.epc)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(d.landingVisits)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(d.leads)}</TableCell>
                  <TableCell className="text-right tabular-nums">{percent(d.leadConversion)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
