import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";

/** Previous / next through the grid's pages, with where the reader is. */
export function DomainPagination(props: {
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Domain pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        Showing {formatNumber(props.from)}–{formatNumber(props.to)} of {formatNumber(props.total)} domain
        {props.total === 1 ? "" : "s"}
      </p>
      {props.pageCount > 1 && (
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={props.page <= 1}
            onClick={() => props.onPage(props.page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="px-2 text-slate-600 text-sm tabular-nums">
            Page {formatNumber(props.page)} of {formatNumber(props.pageCount)}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={props.page >= props.pageCount}
            onClick={() => props.onPage(props.page + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}
