import { ANALYTICS_RANGE_DAYS, type TAnalyticsRange } from "@shared/api/analytics";
import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useAnalytics } from "../api/get-analytics";
import { AnalyticsSummary } from "./analytics-summary";
import { RevenueChart } from "./revenue-chart";
import { SourceBreakdown } from "./source-breakdown";
import { TopDomainsTable } from "./top-domains-table";
import { TrafficChart } from "./traffic-chart";

function OverviewSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="analytics-loading">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {["revenue", "visitors", "leads", "conversion"].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-96 rounded-xl" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Skeleton className="h-96 rounded-xl lg:col-span-2" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    </div>
  );
}

/** The range's figures and charts, with loading, error and refetching states. */
export function AnalyticsOverview({ range }: { range: TAnalyticsRange }) {
  const query = useAnalytics(range);
  const periodLabel = `Last ${ANALYTICS_RANGE_DAYS[range]} days`;

  if (query.isPending) return <OverviewSkeleton />;
  if (query.isError) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <AlertTriangle aria-hidden="true" className="size-8 text-amber-500" />
          <p className="font-semibold text-slate-900">Failed to load analytics</p>
          <p className="text-muted-foreground text-sm">Please check your connection and try again.</p>
          <Button variant="outline" onClick={() => query.refetch()}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  }

  const data = query.data;
  return (
    <div
      className={cn("grid grid-cols-1 gap-6 transition-opacity", query.isPlaceholderData && "opacity-60")}
      aria-busy={query.isPlaceholderData}
      data-range={data.range}
    >
      <AnalyticsSummary data={data} periodLabel={periodLabel} />
      <RevenueChart data={data} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <TrafficChart data={data} />
        </div>
        <SourceBreakdown data={data} />
      </div>
      <TopDomainsTable data={data} periodLabel={periodLabel} />
    </div>
  );
}
