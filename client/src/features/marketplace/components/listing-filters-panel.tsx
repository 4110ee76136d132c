import { RotateCcw } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { LISTING_SORTS, type ListingFilters, toListingSort } from "../utils/filter-listings";

/** The Filters panel: price range, TLD and sort order. */
export function ListingFiltersPanel(props: {
  id: string;
  filters: ListingFilters;
  tlds: readonly string[];
  onChange: (filters: ListingFilters) => void;
  onReset: () => void;
}) {
  const { filters, onChange } = props;
  const ids = { min: useId(), max: useId(), tld: useId(), sort: useId() };
  const set = (patch: Partial<ListingFilters>) => onChange({ ...filters, ...patch });
  return (
    <Card
      id={props.id}
      className="mb-6 grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1.3fr_auto] lg:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor={ids.min}>Min price</Label>
        <Input
          id={ids.min}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="Any"
          value={filters.minPrice}
          onChange={(e) => set({ minPrice: e.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.max}>Max price</Label>
        <Input
          id={ids.max}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="Any"
          value={filters.maxPrice}
          onChange={(e) => set({ maxPrice: e.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.tld}>TLD</Label>
        <Select
          id={ids.tld}
          value={filters.tld}
          onValueChange={(tld) => set({ tld })}
          options={[
            { value: "", label: "All TLDs" },
            ...props.tlds.map((t) => ({ value: t, label: `.${t}` })),
          ]}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.sort}>Sort by</Label>
        <Select
          id={ids.sort}
          value={filters.sort}
          onValueChange={(sort) => set({ sort: toListingSort(sort) })}
          options={LISTING_SORTS}
        />
      </div>
      <Button variant="ghost" onClick={props.onReset}>
        <RotateCcw aria-hidden="true" />
        Reset
      </Button>
    </Card>
  );
}
