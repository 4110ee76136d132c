import type { TDomain } from "@shared/api/domains";
import {
  DEFAULT_LISTING_DURATION,
  DEFAULT_PROMOTION_TYPE,
  optionById,
  PROMOTION_TYPES,
} from "@shared/catalog";
import { Megaphone } from "lucide-react";
import { type ReactNode, useState } from "react";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { formatMoney } from "@/lib/format";
import { useListingsNewsletter } from "../api/listings-newsletter";
import { BoosterDomainField, BoosterDurationField, BoosterSelect } from "./booster-fields";

type PromotionTypeId = (typeof PROMOTION_TYPES)[number]["id"];

/** How many buyers the weekly listings email reaches now: what a Newsletter promotion buys. */
function NewsletterAudience() {
  const newsletter = useListingsNewsletter();
  if (!newsletter.data) return null;
  const { audience } = newsletter.data;
  return (
    <p className="text-muted-foreground text-sm" data-testid="newsletter-audience">
      {audience === 0
        ? "No buyer has opted in to the weekly email yet: a Newsletter promotion would reach nobody today."
        : `The weekly email reaches ${audience.toLocaleString("en-US")} ${audience === 1 ? "buyer" : "buyers"} who opted in.`}
    </p>
  );
}

/** Promotion: puts one of the user's domains in front of buyers on the homepage, newsletter or social. */
export function PromotionDialog({ domains, trigger }: { domains: readonly TDomain[]; trigger: ReactNode }) {
  const [domainId, setDomainId] = useState("");
  const [promotionType, setPromotionType] = useState<PromotionTypeId>(DEFAULT_PROMOTION_TYPE);
  const [duration, setDuration] = useState<string>(DEFAULT_LISTING_DURATION);
  const price = optionById(PROMOTION_TYPES, promotionType).price;

  const reset = () => {
    setDomainId("");
    setPromotionType(DEFAULT_PROMOTION_TYPE);
    setDuration(DEFAULT_LISTING_DURATION);
  };

  return (
    <OfferDialog
      offerKey="promotion"
      trigger={trigger}
      icon={Megaphone}
      title="Domain Promotion"
      description="Promote your domain to our network of active domain buyers."
      price={price}
      body={domainId ? { domainId, promotionType, price, duration } : null}
      buyLabel="Activate Promotion"
      onPurchased={reset}
    >
      <BoosterDomainField domains={domains} domainId={domainId} onDomainChange={setDomainId} listedOnly />
      <BoosterSelect
        label="Promotion channel"
        value={promotionType}
        onValueChange={(v) => setPromotionType(optionById(PROMOTION_TYPES, v).id)}
        options={PROMOTION_TYPES.map((o) => ({
          value: o.id,
          label: `${o.label} — ${formatMoney(o.price)}`,
        }))}
      />
      <BoosterDurationField duration={duration} onDurationChange={setDuration} />
      {promotionType === "newsletter" && <NewsletterAudience />}
    </OfferDialog>
  );
}
