import { SearchInput } from "@/components/ui/search-input";
import { Select } from "@/components/ui/select";
import { STATUS_LABELS } from "../utils/domain-labels";
import { DOMAIN_SORTS, STATUS_FILTERS, type TDomainFilter, type TDomainSort } from "../utils/filter-domains";

const STATUS_OPTIONS = STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === "all" ? "All statuses" : STATUS_LABELS[s],
}));

/** Search, status filter and sort of the portfolio grid. */
export function DomainToolbar({
  filter,
  onChange,
}: {
  filter: TDomainFilter;
  onChange: (next: TDomainFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchInput
        label="Search domains"
        placeholder="Search domains…"
        value={filter.search}
        onValueChange={(search) => onChange({ ...filter, search })}
      />
      <Select
        aria-label="Filter by status"
        className="sm:w-44"
        value={filter.status}
        options={STATUS_OPTIONS}
        onValueChange={(v) => onChange({ ...filter, status: v as TDomainFilter["status"] })}
      />
      <Select
        aria-label="Sort domains"
        className="sm:w-48"
        value={filter.sort}
        options={DOMAIN_SORTS}
        onValueChange={(v) => onChange({ ...filter, sort: v as TDomainSort })}
      />
    </div>
  );
}
