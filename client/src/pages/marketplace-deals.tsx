import { useSearch } from "wouter";
import { PageHeader } from "@/components/page-header";
import { NewsletterSwitch } from "@/features/marketplace/components/newsletter-switch";
import { OfferThreads } from "@/features/marketplace/components/offer-threads";
import { SalesList } from "@/features/marketplace/components/sales-list";
import { StartDeal } from "@/features/marketplace/components/start-deal";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Offers and escrow sales, as buyer and as seller; `?buy=` or `?offer=` opens a listing to deal on
 * (`&from=lander`: the buyer came from the name's own parked page).
 */
export default function MarketplaceDealsPage() {
  const params = new URLSearchParams(useSearch());
  const listing = params.get("buy") ?? params.get("offer");
  return (
    <>
      <PageHeader
        title="Offers & Sales"
        description="Offers between buyers and sellers, and sales held in escrow."
      />
      <div className="grid gap-6">
        {listing && UUID.test(listing) && (
          <StartDeal domainId={listing} fromLander={params.get("from") === "lander"} />
        )}
        <SalesList />
        <OfferThreads side="buyer" />
        <OfferThreads side="seller" />
        <NewsletterSwitch />
      </div>
    </>
  );
}
