import type { TPortfolioPnl } from "@shared/api/pnl";
import type { LucideIcon } from "lucide-react";
import { CircleAlert, Coins, Percent, Receipt, TrendingUp } from "lucide-react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatMoney, formatNumber } from "@/lib/format";
import { formatRoi, toneOf } from "../utils/pnl-format";

function Figure(props: {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: string;
  className?: string;
}) {
  const Icon = props.icon;
  return (
    <Card className="flex items-start gap-3 p-4">
      <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600 sm:flex">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0">
        <p className="text-muted-foreground text-xs">{props.label}</p>
        <p
          className={cn(
            "truncate font-semibold text-base text-slate-900 tabular-nums sm:text-lg",
            props.className,
          )}
        >
          {props.value}
        </p>
        {props.note && <p className="text-muted-foreground text-xs">{props.note}</p>}
      </div>
    </Card>
  );
}

/** The portfolio's totals over the range, above the table. */
export function PnlSummary({ data }: { data: TPortfolioPnl }) {
  const { totals } = data;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Figure icon={Coins} label="Income" value={formatMoney(totals.income.total)} />
      <Figure icon={Receipt} label="Costs" value={formatMoney(totals.costs.total)} />
      <Figure icon={TrendingUp} label="Net" value={formatMoney(totals.net)} className={toneOf(totals.net)} />
      <Figure
        icon={Percent}
        label="ROI"
        value={formatRoi(totals.roi)}
        note={
          totals.withoutPurchasePrice > 0
            ? `Enter the purchase price of ${formatNumber(totals.withoutPurchasePrice)} domain${totals.withoutPurchasePrice === 1 ? "" : "s"} to see it`
            : undefined
        }
        className={totals.roi === null ? undefined : toneOf(totals.roi)}
      />
      <Figure
        icon={CircleAlert}
        label="Review before renewal"
        value={formatNumber(totals.toReview)}
        note={`of ${formatNumber(totals.domains)} domain${totals.domains === 1 ? "" : "s"}`}
        className={totals.toReview > 0 ? "text-amber-700" : undefined}
      />
    </div>
  );
}
