import type { TMarketplaceListing } from "@shared/api/marketplace/listings";
import { AlertCircle, SlidersHorizontal, Store } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useListingTlds, useMarketplaceListings } from "../api/get-marketplace-listings";
import { activeFilterCount, listingQuery, NO_FILTERS } from "../utils/filter-listings";
import { ContactSellerDialog } from "./contact-seller-dialog";
import { ListingCard } from "./listing-card";
import { ListingDetailsDialog } from "./listing-details-dialog";
import { ListingFiltersPanel } from "./listing-filters-panel";

const FILTERS_PANEL_ID = "marketplace-filters";

function ListingsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="listings-loading">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} className="grid gap-4 p-5">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-8 w-full" />
        </Card>
      ))}
    </div>
  );
}

function EmptyListings({ text }: { text: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Store aria-hidden="true" className="size-6" />
      </div>
      <p className="font-medium text-slate-700">{text}</p>
    </Card>
  );
}

/** The listings: search, Filters, the cards a page at a time, and the details and contact dialogs. */
export function MarketplaceListings() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const search = useDebouncedValue(filters.search, 250);
  const listings = useMarketplaceListings(listingQuery(filters, search));
  const tlds = useListingTlds().data ?? [];
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [details, setDetails] = useState<TMarketplaceListing | null>(null);
  const [contact, setContact] = useState<TMarketplaceListing | null>(null);
  const shown = listings.data?.pages.flatMap((page) => page.listings) ?? [];
  const total = listings.data?.pages[0]?.total ?? 0;
  const activeFilters = activeFilterCount(filters);
  const narrowed = search.trim() !== "" || activeFilters > 0;

  const contactFromDetails = (listing: TMarketplaceListing) => {
    setDetails(null);
    setContact(listing);
  };

  return (
    <section aria-labelledby="marketplace-listings-title">
      <h2 id="marketplace-listings-title" className="sr-only">
        Domains for sale
      </h2>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          label="Search domains"
          placeholder="Search domains..."
          value={filters.search}
          onValueChange={(search) => setFilters({ ...filters, search })}
        />
        <Button
          variant="outline"
          aria-expanded={filtersOpen}
          aria-controls={FILTERS_PANEL_ID}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {activeFilters > 0 && <Badge className="ml-1 px-1.5">{activeFilters}</Badge>}
        </Button>
      </div>
      {filtersOpen && (
        <ListingFiltersPanel
          id={FILTERS_PANEL_ID}
          filters={filters}
          tlds={tlds}
          onChange={setFilters}
          onReset={() => setFilters({ ...NO_FILTERS, search: filters.search })}
        />
      )}

      {listings.isPending ? (
        <ListingsSkeleton />
      ) : listings.isError ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" role="alert">
          <AlertCircle aria-hidden="true" className="size-8 text-destructive" />
          <p className="font-medium text-slate-800">Failed to load the marketplace</p>
          <p className="text-muted-foreground text-sm">Please check your connection and try again.</p>
          <Button variant="outline" onClick={() => listings.refetch()}>
            Try again
          </Button>
        </Card>
      ) : shown.length === 0 ? (
        <EmptyListings
          text={narrowed ? "No domains match your search." : "No domains are currently listed for sale."}
        />
      ) : (
        <>
          <p className="mb-3 text-muted-foreground text-sm" aria-live="polite">
            {shown.length === total
              ? `${formatNumber(total)} ${total === 1 ? "domain" : "domains"} ${narrowed ? "match" : "for sale"}`
              : `Showing ${formatNumber(shown.length)} of ${formatNumber(total)} domains`}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((listing) => (
              <ListingCard
                key={listing.id}
                listing={listing}
                onViewDetails={() => setDetails(listing)}
                onContactSeller={() => setContact(listing)}
              />
            ))}
          </div>
          {listings.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                onClick={() => void listings.fetchNextPage()}
                disabled={listings.isFetchingNextPage}
              >
                {listings.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            </div>
          )}
        </>
      )}

      <ListingDetailsDialog
        listing={details}
        onClose={() => setDetails(null)}
        onContactSeller={contactFromDetails}
      />
      <ContactSellerDialog listing={contact} onClose={() => setContact(null)} />
    </section>
  );
}
