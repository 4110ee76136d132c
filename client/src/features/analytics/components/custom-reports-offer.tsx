import { lowestPrice, ZCustomReportBrief } from "@shared/catalog";
import { useId, useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OFFER_PRESENTATIONS } from "@/components/offer/offer-presentations";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

const offer = OFFER_PRESENTATIONS.customReports;

/**
 * Custom Reports: a tier of depth; the custom tier is built to the buyer's brief, asked here (the
 * shared schema's rule, shown at the field) and carried by the analyst's work order.
 */
export function CustomReportsOffer() {
  const [chosenId, setChosenId] = useState<string | null>(offer.initial);
  const [brief, setBrief] = useState("");
  const [touched, setTouched] = useState(false);
  const fieldId = useId();
  const option = offer.options.find((o) => o.id === chosenId) ?? null;
  const needsBrief = chosenId === "custom";
  const checked = ZCustomReportBrief.safeParse(brief);
  const error = needsBrief && touched && !checked.success ? checked.error.issues[0].message : undefined;
  const body =
    option && (!needsBrief || checked.success)
      ? { ...offer.body(option, ""), ...(needsBrief ? { brief: brief.trim() } : {}) }
      : null;

  return (
    <OfferCard
      icon={offer.icon}
      tone={offer.tone}
      title={offer.title}
      blurb={offer.blurb}
      fromPrice={lowestPrice(offer.options)}
    >
      <OfferDialog
        offerKey="customReports"
        trigger={
          <Button variant="outline" className="w-full">
            {offer.trigger}
          </Button>
        }
        icon={offer.icon}
        title={offer.title}
        description={offer.description}
        price={option?.price ?? null}
        body={body}
        buyLabel={offer.buyLabel}
        onPurchased={() => {
          setChosenId(offer.initial);
          setBrief("");
          setTouched(false);
        }}
      >
        <OptionGrid
          name={offer.name}
          legend={offer.legend}
          options={offer.options}
          chosen={chosenId ? [chosenId] : []}
          onToggle={setChosenId}
        />
        {needsBrief && (
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>Your brief</Label>
            <Textarea
              id={fieldId}
              rows={4}
              maxLength={5000}
              value={brief}
              onChange={(e) => setBrief(e.target.value)}
              onBlur={() => setTouched(true)}
              placeholder="What should the report answer? E.g. which .net names to drop before renewal, and which to list."
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
            />
            <FieldError id={`${fieldId}-error`}>{error}</FieldError>
            <p className="text-muted-foreground text-xs">
              Our analyst builds the report to this brief and adds their notes within 7 days.
            </p>
          </div>
        )}
      </OfferDialog>
    </OfferCard>
  );
}
