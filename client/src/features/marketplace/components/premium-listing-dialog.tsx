import type { TDomain } from "@shared/api/domains";
import {
  DEFAULT_LISTING_DURATION,
  DEFAULT_LISTING_TYPE,
  LISTING_DURATIONS,
  LISTING_TYPES,
  OFFERS,
  optionById,
} from "@shared/catalog";
import { Crown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Select } from "@/components/ui/select";
import { formatMoney } from "@/lib/format";
import { toastPurchaseFailure, usePurchaseOffer, useToastThenCheckout } from "@/lib/purchase-offer";
import { BoosterDialog, BoosterField } from "./booster-dialog";

type ListingTypeId = (typeof LISTING_TYPES)[number]["id"];

/** Premium listing: a featured placement of one of the user's domains, priced per month. */
export function PremiumListingDialog({
  domains,
  trigger,
}: {
  domains: readonly TDomain[];
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [domainId, setDomainId] = useState("");
  const [listingType, setListingType] = useState<ListingTypeId>(DEFAULT_LISTING_TYPE);
  const [duration, setDuration] = useState<string>(DEFAULT_LISTING_DURATION);
  const purchase = usePurchaseOffer("premiumListing");
  const toCheckout = useToastThenCheckout();
  const price = optionById(LISTING_TYPES, listingType).price;

  const reset = () => {
    setDomainId("");
    setListingType(DEFAULT_LISTING_TYPE);
    setDuration(DEFAULT_LISTING_DURATION);
  };
  const submit = () =>
    purchase.mutate(
      { domainId, listingType, price, duration },
      {
        onSuccess: (answer) => {
          setOpen(false);
          reset();
          toCheckout(answer, OFFERS.premiumListing.toasts.success);
        },
        onError: () => toastPurchaseFailure("premiumListing"),
      },
    );

  return (
    <BoosterDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      icon={Crown}
      title="Premium Listing"
      description="Feature your domain at the top of the marketplace so more buyers see it."
      domains={domains}
      domainId={domainId}
      onDomainChange={setDomainId}
      price={price}
      priceNote="per month"
      submitLabel="Activate Premium Listing"
      isPending={purchase.isPending}
      onSubmit={submit}
    >
      <BoosterField label="Listing type">
        {(id) => (
          <Select
            id={id}
            value={listingType}
            onValueChange={(v) => setListingType(optionById(LISTING_TYPES, v).id)}
            options={LISTING_TYPES.map((o) => ({
              value: o.id,
              label: `${o.label} — ${formatMoney(o.price)}/month`,
            }))}
          />
        )}
      </BoosterField>
      <BoosterField label="Duration">
        {(id) => (
          <Select
            id={id}
            value={duration}
            onValueChange={setDuration}
            options={LISTING_DURATIONS.map((o) => ({ value: o.id, label: o.label }))}
          />
        )}
      </BoosterField>
    </BoosterDialog>
  );
}
