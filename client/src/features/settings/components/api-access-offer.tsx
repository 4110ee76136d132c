import { API_PLANS, DEFAULT_API_PLAN, optionById } from "@shared/catalog";
import { Code2 } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type PlanId = (typeof API_PLANS)[number]["id"];

/** API Access: a monthly plan with a call allowance. */
export function ApiAccessOffer() {
  const [planId, setPlanId] = useState<PlanId>(DEFAULT_API_PLAN);
  const plan = optionById(API_PLANS, planId);
  return (
    <OfferCard
      icon={Code2}
      tone="bg-purple-50 text-purple-600"
      title="API Access"
      blurb="Pull revenue, traffic and domain data into your own tools and automations."
      fromPrice={API_PLANS[0].price}
      priceSuffix="/month"
    >
      <OfferDialog
        offerKey="apiAccess"
        trigger={
          <Button variant="outline" className="w-full">
            Get API Access
          </Button>
        }
        icon={Code2}
        title="API Access"
        description="Choose a plan by monthly calls. Billed monthly."
        price={plan.price}
        priceSuffix="/month"
        body={{ plan: plan.id, price: plan.price }}
        buyLabel="Activate API Access"
        onPurchased={() => setPlanId(DEFAULT_API_PLAN)}
      >
        <OptionGrid
          name="api-plan"
          legend="Plan"
          options={API_PLANS.map((p) => ({
            ...p,
            detail: p.calls === "Unlimited" ? "Unlimited API calls" : `${p.calls} API calls per month`,
          }))}
          chosen={[planId]}
          onToggle={setPlanId}
          priceSuffix="/mo"
        />
      </OfferDialog>
    </OfferCard>
  );
}
