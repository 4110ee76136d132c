import { ACCOUNT_PLANS, DEFAULT_ACCOUNT_PLAN, optionById } from "@shared/catalog";
import { Crown } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type PlanId = (typeof ACCOUNT_PLANS)[number]["id"];

const PLAN_DETAILS: Record<PlanId, string> = {
  pro: "Premium features for a growing portfolio",
  business: "Higher limits and team access",
  enterprise: "Advanced controls for large portfolios",
  ultimate: "Everything, with a dedicated account manager",
};

/** Premium Account: a monthly account plan; paying for it sets the account's plan. */
export function PremiumAccountOffer() {
  const [planId, setPlanId] = useState<PlanId>(DEFAULT_ACCOUNT_PLAN);
  const plan = optionById(ACCOUNT_PLANS, planId);
  return (
    <OfferCard
      icon={Crown}
      tone="bg-emerald-50 text-emerald-600"
      title="Premium Account"
      blurb="Unlock premium features, higher limits and priority treatment across ParkPilot."
      fromPrice={ACCOUNT_PLANS[0].price}
      priceSuffix="/month"
    >
      <OfferDialog
        offerKey="accountUpgrade"
        trigger={<Button className="w-full">Upgrade Account</Button>}
        icon={Crown}
        title="Premium Account"
        description="Choose a plan. Your account switches to it once the payment is complete."
        price={plan.price}
        priceSuffix="/month"
        body={{ plan: plan.id, price: plan.price }}
        buyLabel="Upgrade Account"
        onPurchased={() => setPlanId(DEFAULT_ACCOUNT_PLAN)}
      >
        <OptionGrid
          name="account-plan"
          legend="Plan"
          options={ACCOUNT_PLANS.map((p) => ({ ...p, detail: PLAN_DETAILS[p.id] }))}
          chosen={[planId]}
          onToggle={setPlanId}
          priceSuffix="/mo"
        />
      </OfferDialog>
    </OfferCard>
  );
}
