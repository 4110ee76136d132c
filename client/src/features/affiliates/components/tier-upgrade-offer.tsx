import { AFFILIATE_TIERS, optionById } from "@shared/catalog";
import { Crown } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

const TIER_OPTIONS = AFFILIATE_TIERS.map((t) => ({
  id: t.id,
  label: `${t.label} Tier`,
  price: t.price,
  detail: `${t.commissionPercent}% commission on every referral, one-off payment`,
}));

/** Tier Upgrades: a one-off purchase that raises the commission of all the user's affiliates. */
export function TierUpgradeOffer() {
  const [tierId, setTierId] = useState<(typeof AFFILIATE_TIERS)[number]["id"] | null>(null);
  const tier = tierId ? optionById(AFFILIATE_TIERS, tierId) : null;

  return (
    <OfferCard
      icon={Crown}
      tone="bg-purple-50 text-purple-600"
      title="Tier Upgrades"
      blurb="Raise the commission you earn on every purchase your referrals make, for good."
      highlight="Up to 25% maximum commission"
    >
      <OfferDialog
        offerKey="tierUpgrade"
        trigger={
          <Button variant="outline" className="w-full">
            Compare Tiers
          </Button>
        }
        icon={Crown}
        title="Tier Upgrades"
        description="Choose a tier. Your affiliates' commission rises to the tier's rate once it is paid."
        price={tier?.price ?? null}
        body={tier ? { tier: tier.id, price: tier.price } : null}
        buyLabel="Upgrade Tier"
        onPurchased={() => setTierId(null)}
      >
        <OptionGrid
          name="affiliate-tier"
          legend="Tier"
          options={TIER_OPTIONS}
          chosen={tierId ? [tierId] : []}
          onToggle={setTierId}
        />
      </OfferDialog>
    </OfferCard>
  );
}
