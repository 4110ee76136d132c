import { MAX_DOMAIN_NAME_LENGTH, type TDomain } from "@shared/api/domains";
import { Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { useDomainPage } from "@/lib/api/get-domains";
import { usePlanUsage } from "@/lib/api/get-plan-usage";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { DEFAULT_DOMAIN_FILTER, type TDomainFilter } from "../utils/filter-domains";
import { AddDomainDialog } from "./add-domain-dialog";
import { DomainCard } from "./domain-card";
import { DomainGridEmpty, DomainGridError, DomainGridSkeleton } from "./domain-grid-states";
import { DomainPagination } from "./domain-pagination";
import { DomainToolbar } from "./domain-toolbar";
import { ManageDomainDialog } from "./manage-domain-dialog";

/** Cards per page: the server sends one page at a time (`GET /api/domains`). */
export const DOMAINS_PAGE_SIZE = 24;

/**
 * The portfolio as a card grid: the server searches, filters, sorts and pages it; the grid keeps
 * the cursors of the pages it has passed, so Previous goes back; `manageSections` adds the page's
 * own sections to the manage dialog.
 */
export function DomainGrid(props: { manageSections?: (domain: TDomain) => ReactNode } = {}) {
  const [filter, setFilter] = useState<TDomainFilter>(DEFAULT_DOMAIN_FILTER);
  const search = useDebouncedValue(filter.search.trim(), 250);
  // The cursor of each page after the first that the reader has opened, for what is asked now:
  // a new search, filter or order starts again from the first page.
  const asked = JSON.stringify([search, filter.status, filter.sort]);
  const [paging, setPaging] = useState<{ asked: string; cursors: string[] }>({ asked, cursors: [] });
  const cursors = paging.asked === asked ? paging.cursors : [];
  const [managed, setManaged] = useState<TDomain | null>(null);
  const [manageOpen, setManageOpen] = useState(false);
  const readOnly = new Set(usePlanUsage().data?.readOnlyDomainIds ?? []);
  const domains = useDomainPage({
    limit: DOMAINS_PAGE_SIZE,
    sort: filter.sort,
    status: filter.status === "all" ? undefined : filter.status,
    // No name is longer than DNS allows, so a longer search is cut there rather than refused.
    q: search.slice(0, MAX_DOMAIN_NAME_LENGTH) || undefined,
    cursor: cursors.at(-1),
  });
  const filtered = search !== "" || filter.status !== "all";

  if (domains.isPending) return <DomainGridSkeleton />;
  if (domains.isError) return <DomainGridError onRetry={() => void domains.refetch()} />;
  const { domains: shown, nextCursor, total } = domains.data;
  if (total === 0 && !filtered) {
    return (
      <DomainGridEmpty
        action={
          <AddDomainDialog
            trigger={
              <Button className="mt-2">
                <Plus aria-hidden="true" />
                Add Your First Domain
              </Button>
            }
          />
        }
      />
    );
  }

  const page = cursors.length + 1;
  const from = shown.length ? (page - 1) * DOMAINS_PAGE_SIZE + 1 : 0;
  const turnPage = (next: number) => {
    if (next > page && nextCursor) setPaging({ asked, cursors: [...cursors, nextCursor] });
    if (next < page) setPaging({ asked, cursors: cursors.slice(0, -1) });
  };
  const manage = (domain: TDomain) => {
    setManaged(domain);
    setManageOpen(true);
  };
  const changeFilter = (next: TDomainFilter) => setFilter(next);
  return (
    <section aria-label="Domains" className="flex flex-col gap-4">
      <DomainToolbar filter={filter} onChange={changeFilter} />
      {shown.length === 0 ? (
        <div className="rounded-xl border border-dashed p-10 text-center">
          <p className="font-medium text-slate-900">No domains match your filters.</p>
          <Button variant="link" onClick={() => changeFilter(DEFAULT_DOMAIN_FILTER)}>
            Clear filters
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((domain) => (
            <DomainCard
              key={domain.id}
              domain={domain}
              onManage={manage}
              readOnly={readOnly.has(domain.id)}
            />
          ))}
        </div>
      )}
      <DomainPagination
        page={page}
        pageCount={Math.max(1, Math.ceil(total / DOMAINS_PAGE_SIZE))}
        from={from}
        to={from + shown.length - (shown.length ? 1 : 0)}
        total={total}
        onPage={turnPage}
      />
      <ManageDomainDialog
        domain={managed}
        open={manageOpen}
        onOpenChange={setManageOpen}
        sections={props.manageSections}
      />
    </section>
  );
}
