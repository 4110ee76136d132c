import type { TTopDomain } from "@shared/api/revenue";
import { ArrowRight, Globe, Minus, TrendingDown, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { DomainStatusBadge } from "@/components/domain-status-badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { formatChangePercent, formatMoney, formatNumber } from "@/lib/format";

function Trend({ percent }: { percent: number | null }) {
  if (percent === null || percent === 0) {
    return (
      <span className="inline-flex items-center gap-1 text-slate-400" title="No change over the last 7 days">
        <Minus aria-hidden="true" className="size-3.5" />
        <span className="sr-only">No change</span>
      </span>
    );
  }
  const up = percent > 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span
      className={cn("inline-flex items-center gap-1 font-medium", up ? "text-emerald-700" : "text-red-700")}
      title="Parking revenue of the last 7 whole days against the 7 before"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {formatChangePercent(percent)}
    </span>
  );
}

/** The figures' columns, after the domain's. */
const FIGURES = ["Today", "Month", "Trend"] as const;

/** A figure's cell: right-aligned in the table, labelled by its column under the name on a phone. */
function FigureCell({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={label}
      className={cn(
        "py-3 pl-3 text-right tabular-nums max-sm:pt-2 max-sm:pb-0 max-sm:pl-0 max-sm:text-left max-sm:before:block max-sm:before:font-normal max-sm:before:text-muted-foreground max-sm:before:text-xs max-sm:before:content-[attr(data-label)]",
        className,
      )}
    >
      {children}
    </td>
  );
}

/** The best earners: today's revenue, the month estimated from daily parking revenue, the trend. */
export function TopDomains({ domains }: { domains: TTopDomain[] }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex-row items-start justify-between gap-3 pb-2">
        <div className="grid gap-1">
          <CardTitle className="text-base">Top Performing Domains</CardTitle>
          <CardDescription>Month is estimated as daily parking revenue × 30</CardDescription>
        </div>
        <Link href="/domains" className={buttonVariants({ variant: "outline", size: "sm" })}>
          View All
          <ArrowRight aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent>
        {domains.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <Globe aria-hidden="true" className="size-10 text-slate-300" />
            <p className="font-medium text-slate-700">No domains found</p>
            <p className="max-w-sm text-muted-foreground text-sm">
              Add domains to your portfolio to see performance data here.
            </p>
          </div>
        ) : (
          // On a phone each row stacks: the name on one line, the three figures labelled below it.
          <Table className="sm:min-w-[30rem]">
            <thead className="max-sm:sr-only">
              <tr className="border-b text-left text-muted-foreground text-xs uppercase tracking-wide">
                <th scope="col" className="pb-2 font-medium">
                  Domain
                </th>
                {FIGURES.map((figure) => (
                  <th key={figure} scope="col" className="pb-2 text-right font-medium">
                    {figure}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {domains.map((domain) => (
                <tr
                  key={domain.id}
                  className="border-b last:border-0 max-sm:grid max-sm:grid-cols-3 max-sm:py-3"
                >
                  <td className="py-3 pr-3 max-sm:col-span-3 max-sm:py-0 max-sm:pr-0">
                    <div className="flex items-center gap-2">
                      <span className="truncate font-medium text-slate-900" title={domain.name}>
                        {domain.name}
                      </span>
                      <DomainStatusBadge status={domain.status} />
                    </div>
                    <p className="mt-0.5 text-muted-foreground text-xs">
                      {formatNumber(domain.visitors)} visitors in 30 days · {domain.adNetwork}
                    </p>
                  </td>
                  <FigureCell label="Today" className="font-medium">
                    {formatMoney(domain.todayRevenue)}
                  </FigureCell>
                  <FigureCell label="Month">{formatMoney(domain.monthlyEstimate)}</FigureCell>
                  <FigureCell label="Trend">
                    <Trend percent={domain.trendPercent} />
                  </FigureCell>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
