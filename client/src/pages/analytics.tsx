import type { TAnalyticsRange } from "@shared/api/analytics";
import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { useAnalyticsAccess } from "@/features/analytics/api/get-analytics-access";
import { AnalyticsOverview } from "@/features/analytics/components/analytics-overview";
import { BreakdownsPanel } from "@/features/analytics/components/breakdowns-panel";
import { ExportButton } from "@/features/analytics/components/export-button";
import { PlanRequired } from "@/features/analytics/components/plan-required";
import { PremiumSuite } from "@/features/analytics/components/premium-suite";
import { RangePicker } from "@/features/analytics/components/range-picker";

export default function AnalyticsPage() {
  const [range, setRange] = useState<TAnalyticsRange>("7d");
  const access = useAnalyticsAccess().data;
  const locked = access !== undefined && !access.ranges.includes(range);
  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <PageHeader
          title="Analytics"
          description="Revenue, traffic and lead conversion across your portfolio."
          actions={
            <>
              <RangePicker value={range} onChange={setRange} allowed={access?.ranges} />
              <ExportButton range={range} enabled={!locked && (access?.exports ?? false)} />
            </>
          }
        />
        {locked ? (
          <PlanRequired range={range} historyDays={access.historyDays} />
        ) : (
          <AnalyticsOverview range={range} />
        )}
      </div>
      {access ? <BreakdownsPanel range={locked ? "7d" : range} enabled={access.breakdowns} /> : null}
      <PremiumSuite current={access?.tier} />
    </div>
  );
}
