import type { TAnalyticsAnswer } from "@shared/api/analytics";
import { Globe } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney, formatNumber } from "@/lib/format";

/** The domains that earned the most in the range. */
export function TopDomainsTable({ data, periodLabel }: { data: TAnalyticsAnswer; periodLabel: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Top Domains by Revenue</CardTitle>
        <CardDescription>{periodLabel}</CardDescription>
      </CardHeader>
      <CardContent>
        {data.topDomains.length === 0 ? (
          <div className="flex flex-col items-center justify-center gap-2 py-10 text-center">
            <Globe aria-hidden="true" className="size-8 text-slate-300" />
            <p className="font-medium text-slate-700">No domain revenue in this period</p>
            <p className="max-w-xs text-muted-foreground text-sm">
              Domains that earn parking, lead or marketplace revenue will be ranked here.
            </p>
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Domain</TableHead>
                <TableHead className="text-right">Revenue</TableHead>
                <TableHead className="text-right">Visitors</TableHead>
                <TableHead className="text-right">Leads</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.topDomains.map((domain, index) => (
                <TableRow key={domain.id}>
                  <TableCell className="font-medium">
                    <span className="mr-2 inline-flex size-5 items-center justify-center rounded-full bg-slate-100 text-slate-600 text-xs">
                      {index + 1}
                    </span>
                    {domain.name}
                  </TableCell>
                  <TableCell className="text-right font-semibold tabular-nums">
                    {formatMoney(domain.revenue)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(domain.visitors)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(domain.leads)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
