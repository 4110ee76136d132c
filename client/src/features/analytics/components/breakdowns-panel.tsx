import type { TAnalyticsRange } from "@shared/api/analytics";
import { BarChart3, Lock } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useBreakdowns } from "../api/get-breakdowns";
import { usePortfolioMonths } from "../api/get-portfolio-months";
import { DomainBreakdownTable } from "./domain-breakdown-table";
import { PortfolioMonthsTable } from "./portfolio-months-table";
import { VisitShares } from "./visit-shares";

function LockedBreakdowns() {
  return (
    <Card data-testid="breakdowns-locked">
      <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
        <Lock aria-hidden="true" className="size-7 text-amber-500" />
        <p className="font-semibold text-slate-900">Breakdowns come with a premium analytics plan</p>
        <p className="max-w-lg text-muted-foreground text-sm">
          RPM, CTR and EPC per domain, parked-page visitors by country and referrer, lead conversion per
          domain and a 12-month portfolio summary, each exportable as CSV. The Analytics Pro marketing tool
          unlocks them too.
        </p>
      </CardContent>
    </Card>
  );
}

/** The breakdowns of a range, or what unlocks them. */
export function BreakdownsPanel({ range, enabled }: { range: TAnalyticsRange; enabled: boolean }) {
  const breakdowns = useBreakdowns(range, enabled);
  const months = usePortfolioMonths(enabled);
  return (
    <section aria-labelledby="breakdowns-heading" className="grid grid-cols-1 gap-4">
      <h2 id="breakdowns-heading" className="flex items-center gap-2 font-semibold text-lg text-slate-900">
        <BarChart3 aria-hidden="true" className="size-5 text-emerald-600" />
        Breakdowns
      </h2>
      {!enabled ? (
        <LockedBreakdowns />
      ) : breakdowns.isPending || months.isPending ? (
        <Skeleton className="h-96 rounded-xl" />
      ) : breakdowns.isError || months.isError ? (
        <Card>
          <CardContent className="py-10 text-center text-muted-foreground text-sm">
            Failed to load the breakdowns. Please try again.
          </CardContent>
        </Card>
      ) : (
        <>
          <DomainBreakdownTable data={breakdowns.data} range={range} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <VisitShares
              title="Visitors by country"
              description="Parked-page visits, placed by the visitor's address when counted."
              rows={breakdowns.data.countries}
              table="countries"
              range={range}
            />
            <VisitShares
              title="Top referrers"
              description="The site each parked-page visit came from; Direct when none."
              rows={breakdowns.data.referrers}
              table="referrers"
              range={range}
            />
          </div>
          <PortfolioMonthsTable months={months.data.months} />
        </>
      )}
    </section>
  );
}
