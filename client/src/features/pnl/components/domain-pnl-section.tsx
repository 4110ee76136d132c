import { DEFAULT_PNL_RANGE, type TPnlRange } from "@shared/api/pnl";
import { Scale } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useDomainPnl } from "../api/get-domain-pnl";
import { DomainPnlFigures } from "./domain-pnl-figures";
import { PnlRangePicker } from "./pnl-range-picker";

function Loading() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading profit and loss">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {["income", "costs", "net", "roi"].map((key) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </div>
      <Skeleton className="h-28" />
      <Skeleton className="h-44" />
    </div>
  );
}

/** The manage dialog's Profit & Loss section: one domain's figures over a range, with its months. */
export function DomainPnlSection({ domainId }: { domainId: string }) {
  const [range, setRange] = useState<TPnlRange>(DEFAULT_PNL_RANGE);
  const pnl = useDomainPnl(domainId, range);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid grid-cols-1 gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="flex items-center gap-2 font-semibold text-slate-900">
          <Scale aria-hidden="true" className="size-4 text-emerald-600" />
          Profit &amp; Loss
        </h3>
        <PnlRangePicker value={range} onChange={setRange} size="sm" />
      </div>
      {pnl.isPending ? (
        <Loading />
      ) : pnl.isError ? (
        <div className="rounded-lg border border-dashed p-4 text-center text-sm">
          <p className="font-medium text-slate-900">Failed to load profit and loss</p>
          <Button variant="link" onClick={() => void pnl.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DomainPnlFigures data={pnl.data} />
      )}
    </section>
  );
}
