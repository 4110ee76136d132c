import {
  FINANCING_TERMS,
  LISTING_TYPES,
  lowestPrice,
  PROMOTION_TYPES,
  PROTECTION_LEVELS,
} from "@shared/catalog";
import { Crown, Landmark, Megaphone, Rocket, ShieldCheck } from "lucide-react";
import { OfferCard } from "@/components/offer/offer-card";
import { Button } from "@/components/ui/button";
import { useOwnDomains } from "../api/get-own-domains";
import { BuyerProtectionDialog } from "./buyer-protection-dialog";
import { FinancingDialog } from "./financing-dialog";
import { PremiumListingDialog } from "./premium-listing-dialog";
import { PromotionDialog } from "./promotion-dialog";

const trigger = (title: string) => (
  <Button variant="outline" className="w-full">
    Get {title}
  </Button>
);

/** Marketplace Revenue Boosters: the four paid upsells, each bought through its own dialog. */
export function MarketplaceBoosters() {
  const domains = useOwnDomains().data ?? [];
  return (
    <section aria-labelledby="marketplace-boosters-title" className="mt-8">
      <div className="mb-4 flex items-center gap-2">
        <Rocket aria-hidden="true" className="size-5 text-emerald-600" />
        <h2 id="marketplace-boosters-title" className="font-semibold text-lg text-slate-900">
          Marketplace Revenue Boosters
        </h2>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <OfferCard
          icon={Crown}
          tone="bg-amber-50 text-amber-600"
          title="Premium Listing"
          blurb="Featured badge and placement for a listed name: Featured boosts search, Premium tops its TLD, Exclusive adds the storefront homepage, Enterprise the weekly newsletter."
          fromPrice={lowestPrice(LISTING_TYPES)}
          priceSuffix="/month"
        >
          <PremiumListingDialog domains={domains} trigger={trigger("Premium Listing")} />
        </OfferCard>
        <OfferCard
          icon={ShieldCheck}
          tone="bg-blue-50 text-blue-600"
          title="Buyer Protection"
          blurb="Escrow and verified transfer that close sales faster."
          fromPrice={lowestPrice(PROTECTION_LEVELS)}
        >
          <BuyerProtectionDialog domains={domains} trigger={trigger("Buyer Protection")} />
        </OfferCard>
        <OfferCard
          icon={Landmark}
          tone="bg-purple-50 text-purple-600"
          title="Financing"
          blurb="Buyers lease to own in monthly instalments; you are credited each one less 15% commission, and keep what was paid if a lease ends early."
          fromPrice={lowestPrice(FINANCING_TERMS)}
          priceSuffix=" setup"
        >
          <FinancingDialog domains={domains} trigger={trigger("Financing")} />
        </OfferCard>
        <OfferCard
          icon={Megaphone}
          tone="bg-emerald-50 text-emerald-600"
          title="Promotion"
          blurb="Homepage, newsletter and social campaigns to buyers."
          fromPrice={lowestPrice(PROMOTION_TYPES)}
        >
          <PromotionDialog domains={domains} trigger={trigger("Promotion")} />
        </OfferCard>
      </div>
    </section>
  );
}
