import { tierForHistory } from "@shared/analytics-plans";
import { ANALYTICS_RANGE_DAYS, type TAnalyticsRange } from "@shared/api/analytics";
import { Lock } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";
import { historyLabel } from "./plan-comparison";

/** Shown instead of a range the plan does not reach: which plan opens it and for how much. */
export function PlanRequired({ range, historyDays }: { range: TAnalyticsRange; historyDays: number }) {
  const days = ANALYTICS_RANGE_DAYS[range];
  const plan = tierForHistory(days);
  return (
    <Card data-testid="plan-required">
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Lock aria-hidden="true" className="size-8 text-amber-500" />
        <p className="font-semibold text-slate-900">
          {days} days of history need the {plan?.label ?? "Enterprise"} analytics plan
        </p>
        <p className="max-w-md text-muted-foreground text-sm">
          Your analytics keep {historyLabel(historyDays).replace("retention", "history")}.{" "}
          {plan?.price
            ? `${plan.label} keeps ${historyLabel(plan.historyDays)} with CSV export and breakdowns for ${formatMoney(plan.price)} a month.`
            : null}{" "}
          Choose a plan under Premium Analytics Suite below.
        </p>
        <a href="#premium-suite-heading" className="font-medium text-emerald-700 text-sm underline">
          Compare plans
        </a>
      </CardContent>
    </Card>
  );
}
