import { DEFAULT_SUPPORT_TIER, optionById, SUPPORT_TIERS } from "@shared/catalog";
import { Headphones } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type TierId = (typeof SUPPORT_TIERS)[number]["id"];

const TIER_DETAILS: Record<TierId, string> = {
  priority: "Answers within 4 business hours",
  premium: "Answers within 1 hour, phone support",
  vip: "24/7 support with a named contact",
  "white-glove": "A dedicated manager who handles it for you",
};

/** Priority Support: a monthly support subscription. */
export function PrioritySupportOffer() {
  const [tierId, setTierId] = useState<TierId>(DEFAULT_SUPPORT_TIER);
  const tier = optionById(SUPPORT_TIERS, tierId);
  return (
    <OfferCard
      icon={Headphones}
      tone="bg-amber-50 text-amber-600"
      title="Priority Support"
      blurb="Jump the queue with faster answers from people who know domain monetisation."
      fromPrice={SUPPORT_TIERS[0].price}
      priceSuffix="/month"
    >
      <OfferDialog
        offerKey="supportSubscription"
        trigger={
          <Button variant="outline" className="w-full">
            Choose Support
          </Button>
        }
        icon={Headphones}
        title="Priority Support"
        description="Choose a support tier. Billed monthly."
        price={tier.price}
        priceSuffix="/month"
        body={{ tier: tier.id, price: tier.price }}
        buyLabel="Activate Support"
        onPurchased={() => setTierId(DEFAULT_SUPPORT_TIER)}
      >
        <OptionGrid
          name="support-tier"
          legend="Support tier"
          options={SUPPORT_TIERS.map((t) => ({ ...t, detail: TIER_DETAILS[t.id] }))}
          chosen={[tierId]}
          onToggle={setTierId}
          priceSuffix="/mo"
        />
      </OfferDialog>
    </OfferCard>
  );
}
