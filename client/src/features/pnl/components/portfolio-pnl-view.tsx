import {
  DEFAULT_PNL_RANGE,
  PNL_RANGE_LABELS,
  PNL_SORT_LABELS,
  PNL_SORTS,
  type TPnlSort,
  type TPortfolioPnlQuery,
} from "@shared/api/pnl";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChevronLeft, ChevronRight, Scale } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatNumber } from "@/lib/format";
import { usePortfolioPnl } from "../api/get-portfolio-pnl";
import { PnlExportButton } from "./pnl-export-button";
import { PnlRangePicker } from "./pnl-range-picker";
import { PnlSummary } from "./pnl-summary";
import { PnlTable } from "./pnl-table";

/** Rows per page: a portfolio of thousands renders one page at a time. */
export const PNL_PAGE_SIZE = 50;
const SORT_OPTIONS = PNL_SORTS.map((value) => ({ value, label: `Sort by ${PNL_SORT_LABELS[value]}` }));

function Loading() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading profit and loss">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {["a", "b", "c", "d", "e"].map((key) => (
          <Skeleton key={key} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}

/** The portfolio's profit and loss: totals, then every domain's row, sortable, paged and exportable. */
export function PortfolioPnlView() {
  const [query, setQuery] = useState<TPortfolioPnlQuery>({
    range: DEFAULT_PNL_RANGE,
    sort: "net",
    order: "desc",
  });
  const [page, setPage] = useState(1);
  const pnl = usePortfolioPnl(query);
  const change = (next: Partial<TPortfolioPnlQuery>) => {
    setQuery({ ...query, ...next });
    setPage(1);
  };
  const sortBy = (sort: TPnlSort) =>
    change(
      sort === query.sort ? { order: query.order === "desc" ? "asc" : "desc" } : { sort, order: "desc" },
    );

  const toolbar = (
    <div className="flex flex-wrap items-center gap-2">
      <PnlRangePicker value={query.range} onChange={(range) => change({ range })} />
      <Select
        aria-label="Sort by"
        className="w-40"
        options={SORT_OPTIONS}
        value={query.sort}
        onValueChange={(sort) => change({ sort: sort as TPnlSort })}
      />
      <Button
        variant="outline"
        size="icon"
        aria-label={query.order === "desc" ? "Highest first" : "Lowest first"}
        title={query.order === "desc" ? "Highest first" : "Lowest first"}
        onClick={() => change({ order: query.order === "desc" ? "asc" : "desc" })}
      >
        {query.order === "desc" ? (
          <ArrowDownWideNarrow aria-hidden="true" />
        ) : (
          <ArrowUpNarrowWide aria-hidden="true" />
        )}
      </Button>
      <PnlExportButton query={query} />
    </div>
  );

  if (pnl.isPending) {
    return (
      <section aria-label="Profit and loss" className="grid grid-cols-1 gap-4">
        {toolbar}
        <Loading />
      </section>
    );
  }
  if (pnl.isError) {
    return (
      <section aria-label="Profit and loss" className="grid grid-cols-1 gap-4">
        {toolbar}
        <Card className="p-10 text-center">
          <p className="font-medium text-slate-900">Failed to load profit and loss</p>
          <p className="text-muted-foreground text-sm">Please check your connection and try again.</p>
          <Button variant="link" onClick={() => void pnl.refetch()}>
            Try again
          </Button>
        </Card>
      </section>
    );
  }

  const { data } = pnl;
  const pageCount = Math.max(1, Math.ceil(data.rows.length / PNL_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = data.rows.slice((current - 1) * PNL_PAGE_SIZE, current * PNL_PAGE_SIZE);
  const period = data.from
    ? `${formatDate(data.from)} – ${formatDate(data.to)}`
    : `Since registration, to ${formatDate(data.to)}`;

  return (
    <section aria-label="Profit and loss" className="grid grid-cols-1 gap-4" aria-busy={pnl.isFetching}>
      {toolbar}
      <PnlSummary data={data} />
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <Scale aria-hidden="true" className="size-4 text-emerald-600" />
            Profit &amp; Loss by Domain
          </CardTitle>
          <CardDescription>
            {PNL_RANGE_LABELS[data.range]} · {period} · months in {data.timeZone}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {data.rows.length === 0 ? (
            <div className="rounded-xl border border-dashed p-10 text-center">
              <p className="font-medium text-slate-900">No domains found</p>
              <p className="text-muted-foreground text-sm">
                Add domains to your portfolio to see what each one earns and costs.
              </p>
            </div>
          ) : (
            <PnlTable rows={rows} data={data} sort={query.sort} order={query.order} onSort={sortBy} />
          )}
        </CardContent>
      </Card>
      {pageCount > 1 && (
        <nav aria-label="P&L pages" className="flex items-center justify-between gap-3">
          <p className="text-muted-foreground text-sm">
            Showing {formatNumber((current - 1) * PNL_PAGE_SIZE + 1)}–
            {formatNumber(Math.min(current * PNL_PAGE_SIZE, data.rows.length))} of{" "}
            {formatNumber(data.rows.length)} domains
          </p>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={current === 1} onClick={() => setPage(current - 1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={current === pageCount}
              onClick={() => setPage(current + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}
