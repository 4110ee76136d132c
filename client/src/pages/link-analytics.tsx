import { LINK_ANALYTICS_RANGES } from "@shared/api/affiliates";
import { useState } from "react";
import { ToolGate } from "@/components/offer/tool-gate";
import { PageHeader } from "@/components/page-header";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Spinner } from "@/components/ui/spinner";
import { useLinkAnalytics } from "@/features/affiliates/api/get-link-analytics";
import { ClicksByDay, FiguresTable } from "@/features/affiliates/components/link-figures";

type Range = `${(typeof LINK_ANALYTICS_RANGES)[number]}`;

/** `/affiliates/links`: clicks on the user's referral links and what they led to (Analytics Pro). */
export default function LinkAnalyticsPage() {
  const [range, setRange] = useState<Range>("30");
  const stats = useLinkAnalytics(Number(range));
  return (
    <div className="grid gap-6">
      <PageHeader
        className="mb-0"
        title="Link Analytics"
        description="Clicks on your referral link (/r/your-code), tagged with utm_source and utm_campaign, and the sign-ups, paying referrals and commission each link led to. Commission is what real-money orders earned you (test payments excluded)."
        actions={
          <SegmentedControl
            label="Period"
            size="sm"
            options={LINK_ANALYTICS_RANGES.map((d) => ({ value: `${d}` as Range, label: `${d}D` }))}
            value={range}
            onChange={setRange}
          />
        }
      />
      {stats.isPending ? (
        <Spinner className="size-6 text-primary" />
      ) : stats.isError ? (
        <ToolGate error={stats.error} tool="analytics-pro" fallback={"The figures could not be loaded."} />
      ) : (
        <>
          <ClicksByDay days={stats.data.byDay} />
          <FiguresTable
            title="By source"
            rows={stats.data.bySource}
            columns={[{ label: "Source", value: (r) => r.source }]}
          />
          <FiguresTable
            title="By campaign"
            rows={stats.data.byCampaign}
            columns={[{ label: "Campaign", value: (r) => r.campaign }]}
          />
          <FiguresTable
            title="Per link"
            rows={stats.data.links}
            columns={[
              { label: "Source", value: (r) => r.source },
              { label: "Campaign", value: (r) => r.campaign },
            ]}
          />
        </>
      )}
    </div>
  );
}
