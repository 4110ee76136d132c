import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
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
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search domains"
          placeholder="Search domains…"
          className="pl-9"
          value={filter.search}
          onChange={(e) => onChange({ ...filter, search: e.target.value })}
        />
      </div>
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
