import type { TDomain } from "@shared/api/domains";
import { Plus } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useDomains } from "../api/get-domains";
import { DEFAULT_DOMAIN_FILTER, filterDomains, pageOf, type TDomainFilter } from "../utils/filter-domains";
import { AddDomainDialog } from "./add-domain-dialog";
import { DomainCard } from "./domain-card";
import { DomainGridEmpty, DomainGridError, DomainGridSkeleton } from "./domain-grid-states";
import { DomainPagination } from "./domain-pagination";
import { DomainToolbar } from "./domain-toolbar";
import { ManageDomainDialog } from "./manage-domain-dialog";

/** Cards per page: a portfolio of thousands renders one page at a time. */
export const DOMAINS_PAGE_SIZE = 24;

/**
 * The portfolio as a card grid: search, filter and sort on the client, paged, with the manage
 * dialog; `manageSections` adds the page's own sections to that dialog.
 */
export function DomainGrid(props: { manageSections?: (domain: TDomain) => ReactNode } = {}) {
  const domains = useDomains();
  const [filter, setFilter] = useState<TDomainFilter>(DEFAULT_DOMAIN_FILTER);
  const [page, setPage] = useState(1);
  const [managed, setManaged] = useState<TDomain | null>(null);
  const [manageOpen, setManageOpen] = useState(false);
  const filtered = useMemo(() => filterDomains(domains.data ?? [], filter), [domains.data, filter]);
  const shown = pageOf(filtered, page, DOMAINS_PAGE_SIZE);

  if (domains.isPending) return <DomainGridSkeleton />;
  if (domains.isError) return <DomainGridError onRetry={() => void domains.refetch()} />;
  if (domains.data.length === 0) {
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

  const manage = (domain: TDomain) => {
    setManaged(domain);
    setManageOpen(true);
  };
  const changeFilter = (next: TDomainFilter) => {
    setFilter(next);
    setPage(1);
  };
  return (
    <section aria-label="Domains" className="flex flex-col gap-4">
      <DomainToolbar filter={filter} onChange={changeFilter} />
      {filtered.length === 0 ? (
        <div className="rounded-xl border border-dashed p-10 text-center">
          <p className="font-medium text-slate-900">No domains match your filters.</p>
          <Button variant="link" onClick={() => changeFilter(DEFAULT_DOMAIN_FILTER)}>
            Clear filters
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.items.map((domain) => (
            <DomainCard key={domain.id} domain={domain} onManage={manage} />
          ))}
        </div>
      )}
      <DomainPagination {...shown} total={filtered.length} onPage={setPage} />
      <ManageDomainDialog
        domain={managed}
        open={manageOpen}
        onOpenChange={setManageOpen}
        sections={props.manageSections}
      />
    </section>
  );
}
