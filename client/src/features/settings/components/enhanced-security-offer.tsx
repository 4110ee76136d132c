import {
  DEFAULT_SECURITY_LEVEL,
  lowestPrice,
  OFFERS,
  optionById,
  SECURITY_ADDONS,
  SECURITY_LEVEL_AUDIT_HISTORY,
  SECURITY_LEVEL_INCLUDES,
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

const LEVEL_OPTIONS = SECURITY_LEVELS.map((l) => ({
  ...l,
  detail: `${SECURITY_LEVEL_AUDIT_HISTORY[l.id]} of audit history`,
}));

/**
 * Enhanced Security: a level, alone or with any add-ons; the price is their sum. The card says
 * what every level brings. Cleared after buying.
 */
export function EnhancedSecurityOffer() {
  const [level, setLevel] = useState<LevelId>(DEFAULT_SECURITY_LEVEL);
  const [features, setFeatures] = useState<AddonId[]>([]);
  const price = OFFERS.securityUpgrade.price({ level, features, price: "0" });
  const plan = planById(useAccountSettings().data?.plan ?? "free");
  const included = plan.securityAddOns.map((id) => optionById(SECURITY_ADDONS, id).label);

  const toggle = (id: AddonId) =>
    setFeatures((current) => (current.includes(id) ? current.filter((f) => f !== id) : [...current, id]));

  return (
    <OfferCard
      icon={ShieldCheck}
      tone="bg-blue-50 text-blue-600"
      title="Enhanced Security"
      blurb={`${SECURITY_LEVEL_INCLUDES} Add-ons bring stronger sign-in, device control, audit export and threat monitoring.`}
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
        description={`Choose a protection level, alone or with add-ons. ${SECURITY_LEVEL_INCLUDES} Billed monthly.`}
        price={price}
        priceSuffix="/month"
        body={{ features, level, price }}
        buyLabel="Enhance Security"
        onPurchased={() => {
          setLevel(DEFAULT_SECURITY_LEVEL);
          setFeatures([]);
        }}
      >
        <OptionGrid
          name="security-level"
          legend="Security level"
          options={LEVEL_OPTIONS}
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
        {included.length > 0 && (
          <p className="text-muted-foreground text-sm">
            Your {plan.label} plan already includes {included.join(", ")}.
          </p>
        )}
      </OfferDialog>
    </OfferCard>
  );
}
