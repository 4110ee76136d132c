import { lowestPrice } from "@shared/catalog";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { OfferCard } from "./offer-card";
import { OfferDialog } from "./offer-dialog";
import { OFFER_PRESENTATIONS, type SingleChoiceOfferKey } from "./offer-presentations";
import { OptionGrid } from "./option-grid";

/**
 * A single-choice offer of the catalogue as a card whose button opens its dialog: the options
 * as a grid, the total, and the purchase. `domainId` is the domain chosen on the page for the
 * offers bought for one ("" while none is, which keeps the button disabled).
 */
export function CatalogOffer({
  offerKey,
  domainId = "",
  children,
  wide = false,
  blocked = false,
}: {
  offerKey: SingleChoiceOfferKey;
  domainId?: string;
  /** Shown in the dialog under the options (the account plans' table, say). */
  children?: ReactNode;
  /** A wider dialog, for a table. */
  wide?: boolean;
  /** Nothing can be bought now (the children say why). */
  blocked?: boolean;
}) {
  const offer = OFFER_PRESENTATIONS[offerKey];
  const [chosenId, setChosenId] = useState<string | null>(offer.initial);
  const option = offer.options.find((o) => o.id === chosenId) ?? null;
  const waitsForDomain = offer.forDomain === true && domainId === "";
  const headline = offer.listPrices
    ? { priceList: offer.options }
    : offer.highlight
      ? { highlight: offer.highlight }
      : { fromPrice: lowestPrice(offer.options), priceSuffix: offer.monthly ? "/month" : undefined };

  return (
    <OfferCard icon={offer.icon} tone={offer.tone} title={offer.title} blurb={offer.blurb} {...headline}>
      <OfferDialog
        offerKey={offerKey}
        trigger={
          <Button
            variant={offer.primary ? "default" : "outline"}
            className="w-full"
            disabled={waitsForDomain}
          >
            {offer.trigger}
          </Button>
        }
        icon={offer.icon}
        title={offer.dialogTitle ?? offer.title}
        description={offer.description}
        price={option?.price ?? null}
        priceSuffix={offer.monthly ? "/month" : undefined}
        body={option && !waitsForDomain && !blocked ? offer.body(option, domainId) : null}
        buyLabel={offer.buyLabel}
        onPurchased={() => setChosenId(offer.initial)}
        className={wide ? "sm:max-w-3xl" : undefined}
      >
        <OptionGrid
          name={offer.name}
          legend={offer.legend}
          options={offer.options}
          chosen={chosenId ? [chosenId] : []}
          onToggle={setChosenId}
          priceSuffix={offer.monthly ? "/mo" : undefined}
          columns={offer.columns}
        />
        {children}
      </OfferDialog>
    </OfferCard>
  );
}
