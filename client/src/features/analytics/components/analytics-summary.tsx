import type { TAnalyticsAnswer } from "@shared/api/analytics";
import { DollarSign, Eye, type LucideIcon, Percent, UserPlus } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatMoney, formatNumber } from "@/lib/format";

function SummaryTile(props: { icon: LucideIcon; tone: string; label: string; value: string; note: string }) {
  const Icon = props.icon;
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 p-5">
        <div className="min-w-0">
          <p className="font-medium text-muted-foreground text-sm">{props.label}</p>
          <p className="mt-1 truncate font-bold text-2xl text-slate-900 tabular-nums">{props.value}</p>
          <p className="mt-1 text-muted-foreground text-xs">{props.note}</p>
        </div>
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg", props.tone)}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}

/** The range's totals: revenue, visitors, leads and lead conversion (leads ÷ parked-page visits, where the form is). */
export function AnalyticsSummary({ data, periodLabel }: { data: TAnalyticsAnswer; periodLabel: string }) {
  const { totals } = data;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="analytics-summary">
      <SummaryTile
        icon={DollarSign}
        tone="bg-emerald-50 text-emerald-600"
        label="Total Revenue"
        value={formatMoney(totals.revenue.total)}
        note={periodLabel}
      />
      <SummaryTile
        icon={Eye}
        tone="bg-blue-50 text-blue-600"
        label="Visitors"
        value={formatNumber(totals.visitors)}
        note="Landing and parking page visits"
      />
      <SummaryTile
        icon={UserPlus}
        tone="bg-amber-50 text-amber-600"
        label="Leads"
        value={formatNumber(totals.leads)}
        note="Quote requests from your domains"
      />
      <SummaryTile
        icon={Percent}
        tone="bg-purple-50 text-purple-600"
        label="Lead Conversion"
        value={`${totals.conversionRate.toFixed(2)}%`}
        note={`Leads ÷ ${formatNumber(totals.pageVisits)} parked-page visits, as in reports`}
      />
    </div>
  );
}
