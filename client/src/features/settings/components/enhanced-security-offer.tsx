import {
  BASIC_NEEDS_ADD_ON,
  BASIC_SECURITY_LEVEL,
  DEFAULT_SECURITY_LEVEL,
  lowestPrice,
  OFFERS,
  optionById,
  SECURITY_ADDONS,
  SECURITY_LEVELS,
} from "@shared/catalog";
import { planById } from "@shared/plans";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";
import { useAccountSettings } from "../api/get-account-settings";
import { ActiveSecurity } from "./active-security";

type LevelId = (typeof SECURITY_LEVELS)[number]["id"];
type AddonId = (typeof SECURITY_ADDONS)[number]["id"];

/** Enhanced Security: a level plus any add-ons; the price is their sum. Cleared after buying. */
export function EnhancedSecurityOffer() {
  const [level, setLevel] = useState<LevelId>(DEFAULT_SECURITY_LEVEL);
  const [features, setFeatures] = useState<AddonId[]>([]);
  const price = OFFERS.securityUpgrade.price({ level, features, price: "0" });
  // Basic is sold with an add-on only: alone it gives nothing every account lacks.
  const basicAlone = level === BASIC_SECURITY_LEVEL && features.length === 0;
  const plan = planById(useAccountSettings().data?.plan ?? "free");
  const included = plan.securityAddOns.map((id) => optionById(SECURITY_ADDONS, id).label);

  const toggle = (id: AddonId) =>
    setFeatures((current) => (current.includes(id) ? current.filter((f) => f !== id) : [...current, id]));

  return (
    <OfferCard
      icon={ShieldCheck}
      tone="bg-blue-50 text-blue-600"
      title="Enhanced Security"
      blurb="Stronger sign-in protection, device control, audit trails and threat monitoring."
      fromPrice={lowestPrice(SECURITY_LEVELS)}
      priceSuffix="/month"
    >
      <ActiveSecurity />
      <OfferDialog
        offerKey="securityUpgrade"
        trigger={
          <Button variant="outline" className="w-full">
            Enhance Security
          </Button>
        }
        icon={ShieldCheck}
        title="Enhanced Security"
        description="Choose a protection level and any add-ons. Billed monthly."
        price={price}
        priceSuffix="/month"
        body={basicAlone ? null : { features, level, price }}
        buyLabel="Enhance Security"
        onPurchased={() => {
          setLevel(DEFAULT_SECURITY_LEVEL);
          setFeatures([]);
        }}
      >
        <OptionGrid
          name="security-level"
          legend="Security level"
          options={SECURITY_LEVELS}
          chosen={[level]}
          onToggle={setLevel}
          priceSuffix="/mo"
        />
        <OptionGrid
          name="security-addons"
          legend="Add-ons"
          options={SECURITY_ADDONS}
          chosen={features}
          onToggle={toggle}
          multiple
          pricePrefix="+"
          priceSuffix="/mo"
        />
        {basicAlone && <p className="text-amber-700 text-sm">{BASIC_NEEDS_ADD_ON}</p>}
        {included.length > 0 && (
          <p className="text-muted-foreground text-sm">
            Your {plan.label} plan already includes {included.join(", ")}.
          </p>
        )}
      </OfferDialog>
    </OfferCard>
  );
}
