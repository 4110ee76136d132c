import { Link } from "wouter";
import { PageHeader } from "@/components/page-header";
import { buttonVariants } from "@/components/ui/button";
import { ListDomainDialog } from "@/features/marketplace/components/list-domain-dialog";
import { MarketplaceBoosters } from "@/features/marketplace/components/marketplace-boosters";
import { MarketplaceListings } from "@/features/marketplace/components/marketplace-listings";
import { NewsletterSwitch } from "@/features/marketplace/components/newsletter-switch";
import { SellerInbox } from "@/features/marketplace/components/seller-inbox";

export default function MarketplacePage() {
  return (
    <>
      <PageHeader
        title="Domain Marketplace"
        description="Buy and sell domains with proven traffic and parking revenue."
        actions={
          <div className="flex gap-2">
            <Link className={buttonVariants({ variant: "outline" })} href="/marketplace/deals">
              Offers & Sales
            </Link>
            <ListDomainDialog />
          </div>
        }
      />
      <SellerInbox />
      <MarketplaceListings />
      {/* Every buyer who browses is offered the weekly email: a Newsletter promotion's audience. */}
      <NewsletterSwitch />
      {/* Offers come after the listings and the seller's own messages. */}
      <MarketplaceBoosters />
    </>
  );
}
