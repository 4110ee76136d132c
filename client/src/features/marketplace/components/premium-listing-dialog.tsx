import type { TDomain } from "@shared/api/domains";
import {
  DEFAULT_LISTING_DURATION,
  DEFAULT_LISTING_TYPE,
  LISTING_TYPES,
  optionById,
  premiumListingPrice,
} from "@shared/catalog";
import { Crown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { formatMoney } from "@/lib/format";
import { BoosterDomainField, BoosterDurationField, BoosterSelect } from "./booster-fields";

type ListingTypeId = (typeof LISTING_TYPES)[number]["id"];

/** Premium listing: a featured placement of one of the user's domains, its monthly rate pro rata for the days bought. */
export function PremiumListingDialog({
  domains,
  trigger,
}: {
  domains: readonly TDomain[];
  trigger: ReactNode;
}) {
  const [domainId, setDomainId] = useState("");
  const [listingType, setListingType] = useState<ListingTypeId>(DEFAULT_LISTING_TYPE);
  const [duration, setDuration] = useState<string>(DEFAULT_LISTING_DURATION);
  const price = premiumListingPrice(listingType, duration);
  const tier = optionById(LISTING_TYPES, listingType);

  const reset = () => {
    setDomainId("");
    setListingType(DEFAULT_LISTING_TYPE);
    setDuration(DEFAULT_LISTING_DURATION);
  };

  return (
    <OfferDialog
      offerKey="premiumListing"
      trigger={trigger}
      icon={Crown}
      title="Premium Listing"
      description="Place your listing above others in the marketplace. Higher tiers rank higher and are shown in more places."
      price={price}
      priceSuffix={` for ${duration} days`}
      body={domainId ? { domainId, listingType, price, duration } : null}
      buyLabel="Activate Premium Listing"
      onPurchased={reset}
    >
      <BoosterDomainField domains={domains} domainId={domainId} onDomainChange={setDomainId} listedOnly />
      <BoosterSelect
        label="Listing type"
        value={listingType}
        onValueChange={(v) => setListingType(optionById(LISTING_TYPES, v).id)}
        options={LISTING_TYPES.map((o) => ({
          value: o.id,
          label: `${o.label} — ${formatMoney(o.price)}/month: ${o.places.at(-1)?.split(":")[0]}`,
        }))}
      />
      <div className="rounded-md border bg-slate-50 p-3 text-sm" data-testid="tier-places">
        <p className="font-medium text-slate-900">{tier.label} gives, for the days you choose:</p>
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {tier.places.map((place) => (
            <li key={place}>{place}</li>
          ))}
        </ul>
      </div>
      <BoosterDurationField duration={duration} onDurationChange={setDuration} />
      <p className="text-muted-foreground text-xs">
        Sold only for a verified name you have listed for sale. Each tier is placed above the one before it
        while both run; the days start when the payment is confirmed.
      </p>
    </OfferDialog>
  );
}
