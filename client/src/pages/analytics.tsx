import type { TAnalyticsRange } from "@shared/api/analytics";
import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { AnalyticsOverview } from "@/features/analytics/components/analytics-overview";
import { ExportButton } from "@/features/analytics/components/export-button";
import { PremiumSuite } from "@/features/analytics/components/premium-suite";
import { RangePicker } from "@/features/analytics/components/range-picker";

export default function AnalyticsPage() {
  const [range, setRange] = useState<TAnalyticsRange>("7d");
  return (
    <div className="grid gap-8">
      <div>
        <PageHeader
          title="Analytics"
          description="Revenue, traffic and lead conversion across your portfolio."
          actions={
            <>
              <RangePicker value={range} onChange={setRange} />
              <ExportButton range={range} />
            </>
          }
        />
        <AnalyticsOverview range={range} />
      </div>
      <PremiumSuite />
    </div>
  );
}
