import { optionById, PREMIUM_SERVICES } from "@shared/catalog";
import { Sparkles } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type ServiceId = (typeof PREMIUM_SERVICES)[number]["id"];
const DEFAULT_SERVICE: ServiceId = "seo_optimization";

const DETAILS: Record<ServiceId, string> = {
  seo_optimization: "On-page SEO so the parked page ranks for its keywords",
  backlink_building: "Quality links that raise the domain's authority",
  brand_development: "Logo, positioning and a brand story for buyers",
  traffic_boost: "Targeted campaigns that bring more visitors",
};

/** Premium services for the selected domain: SEO, backlinks, brand development, traffic boost. */
export function PremiumServiceOffer({ domainId }: { domainId: string }) {
  const [service, setService] = useState<ServiceId>(DEFAULT_SERVICE);
  const option = optionById(PREMIUM_SERVICES, service);
  return (
    <OfferCard
      icon={Sparkles}
      tone="bg-amber-50 text-amber-600"
      title="Premium Services"
      blurb="Grow the domain's traffic and value with expert SEO, links, branding and campaigns."
      fromPrice={PREMIUM_SERVICES[0].price}
    >
      <OfferDialog
        offerKey="premiumService"
        trigger={
          <Button variant="outline" className="w-full" disabled={!domainId}>
            Choose a Service
          </Button>
        }
        icon={Sparkles}
        title="Premium Services"
        description="Choose a service for this domain. Work starts as soon as the payment is complete."
        price={option.price}
        body={domainId ? { serviceType: service, price: option.price, domainId } : null}
        buyLabel="Activate Service"
        onPurchased={() => setService(DEFAULT_SERVICE)}
      >
        <OptionGrid
          name="premium-service"
          legend="Service"
          options={PREMIUM_SERVICES.map((o) => ({ ...o, detail: DETAILS[o.id] }))}
          chosen={[service]}
          onToggle={setService}
        />
      </OfferDialog>
    </OfferCard>
  );
}
