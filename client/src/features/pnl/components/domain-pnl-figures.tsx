import type { TDomainPnl } from "@shared/api/pnl";
import { lazy, type ReactNode, Suspense } from "react";
import { ReportedTag } from "@/components/reported-tag";
import { FigureTile } from "@/components/ui/figure-tile";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/format";
import { formatRoi, toneOf } from "../utils/pnl-format";
import { RenewalHint } from "./renewal-hint";

const PnlMonthChart = lazy(() => import("./pnl-month-chart"));

function Lines(props: { title: string; lines: [string, string, boolean?][]; total: ReactNode }) {
  return (
    <div>
      <h4 className="mb-1 font-medium text-slate-700 text-xs uppercase tracking-wide">{props.title}</h4>
      <dl className="divide-y text-sm">
        {props.lines.map(([label, amount, reported]) => (
          <div key={label} className="flex justify-between gap-3 py-1">
            <dt className="flex items-center gap-2 text-muted-foreground">
              {label}
              {reported && <ReportedTag />}
            </dt>
            <dd className="text-slate-900 tabular-nums">{formatMoney(amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 py-1 font-medium">
          <dt className="text-slate-700">Total</dt>
          <dd className="text-slate-900 tabular-nums">{props.total}</dd>
        </div>
      </dl>
    </div>
  );
}

/** One domain's figures: headline tiles, income and costs line by line, the renewal outlook, the months. */
export function DomainPnlFigures({ data }: { data: TDomainPnl }) {
  const { income, costs, net, roi, renewal, purchasePriceSet } = data.domain;
  return (
    <div className="grid gap-4" data-testid="domain-pnl">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <FigureTile label="Income">{formatMoney(income.total)}</FigureTile>
        <FigureTile label="Costs">{formatMoney(costs.total)}</FigureTile>
        <FigureTile label="Net" className={toneOf(net)}>
          {formatMoney(net)}
        </FigureTile>
        <FigureTile label="ROI" className={roi === null ? undefined : toneOf(roi)}>
          {formatRoi(roi)}
        </FigureTile>
      </dl>
      {!purchasePriceSet && (
        <p
          className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm"
          data-testid="pnl-price-missing"
        >
          ROI needs what the domain cost: enter its purchase price in Edit Domain.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Lines
          title="Income"
          lines={[
            ["Parking", income.parking, true],
            ["Leads", income.lead],
            ["Marketplace sale", income.marketplace, true],
            ["Other", income.other, true],
          ]}
          total={formatMoney(income.total)}
        />
        <Lines
          title="Costs"
          lines={[
            ["Purchase price", costs.purchase],
            ["Renewal (share)", costs.renewal],
            ["Paid services", costs.services],
          ]}
          total={formatMoney(costs.total)}
        />
      </div>
      <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-700">
          Last 12 months{" "}
          <span className="font-medium text-slate-900 tabular-nums">
            {formatMoney(renewal.trailingRevenue)}
          </span>
          {renewal.renewalCost !== null && (
            <>
              {" "}
              vs renewal{" "}
              <span className="font-medium text-slate-900 tabular-nums">
                {formatMoney(renewal.renewalCost)}
              </span>
            </>
          )}
        </p>
        <RenewalHint renewal={renewal} />
      </div>
      <Suspense fallback={<Skeleton className="h-44 w-full" />}>
        <PnlMonthChart months={data.months} />
      </Suspense>
    </div>
  );
}
