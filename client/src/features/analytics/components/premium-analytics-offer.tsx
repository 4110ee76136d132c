import { ANALYTICS_PLANS, DEFAULT_ANALYTICS_PLAN, optionById } from "@shared/catalog";
import { Crown } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type PlanId = (typeof ANALYTICS_PLANS)[number]["id"];

const PLAN_DETAILS: Record<PlanId, string> = {
  pro: "Unlimited history, advanced charts and scheduled exports",
  business: "Everything in Pro plus team dashboards and custom metrics",
  enterprise: "Everything in Business plus dedicated analyst support",
};

/** Premium Analytics: a monthly plan. */
export function PremiumAnalyticsOffer() {
  const [planId, setPlanId] = useState<PlanId>(DEFAULT_ANALYTICS_PLAN);
  const plan = optionById(ANALYTICS_PLANS, planId);

  return (
    <OfferCard
      icon={Crown}
      tone="bg-emerald-50 text-emerald-600"
      title="Premium Analytics"
      blurb="Unlimited history, deeper breakdowns and scheduled exports for your whole portfolio."
      fromPrice={ANALYTICS_PLANS[0].price}
      priceSuffix="/month"
    >
      <OfferDialog
        offerKey="premiumAnalytics"
        trigger={<Button className="w-full">Upgrade Analytics</Button>}
        icon={Crown}
        title="Premium Analytics"
        description="Choose a plan. It is billed monthly and starts once the payment is complete."
        price={plan.price}
        priceSuffix="/month"
        body={{ plan: plan.id, price: plan.price }}
        buyLabel="Upgrade to Premium"
        onPurchased={() => setPlanId(DEFAULT_ANALYTICS_PLAN)}
      >
        <OptionGrid
          name="analytics-plan"
          legend="Plan"
          options={ANALYTICS_PLANS.map((p) => ({ ...p, detail: PLAN_DETAILS[p.id] }))}
          chosen={[planId]}
          onToggle={setPlanId}
          priceSuffix="/mo"
        />
      </OfferDialog>
    </OfferCard>
  );
}
