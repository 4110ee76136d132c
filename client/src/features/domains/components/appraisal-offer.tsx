import { APPRAISAL_TYPES, optionById } from "@shared/catalog";
import { FileSearch } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type AppraisalId = (typeof APPRAISAL_TYPES)[number]["id"];
const DEFAULT_APPRAISAL: AppraisalId = "basic";

/** Appraisal of the selected domain: a valuation report, priced by depth and turnaround. */
export function AppraisalOffer({ domainId }: { domainId: string }) {
  const [type, setType] = useState<AppraisalId>(DEFAULT_APPRAISAL);
  const option = optionById(APPRAISAL_TYPES, type);
  return (
    <OfferCard
      icon={FileSearch}
      tone="bg-blue-50 text-blue-600"
      title="Domain Appraisal"
      blurb="A professional valuation based on comparable sales, traffic and revenue."
      fromPrice={APPRAISAL_TYPES[0].price}
    >
      <OfferDialog
        offerKey="appraisal"
        trigger={
          <Button variant="outline" className="w-full" disabled={!domainId}>
            Order Appraisal
          </Button>
        }
        icon={FileSearch}
        title="Domain Appraisal"
        description="Choose the depth of the appraisal. The report is delivered by email."
        price={option.price}
        body={domainId ? { type, price: option.price, domainId } : null}
        buyLabel="Order Appraisal"
        onPurchased={() => setType(DEFAULT_APPRAISAL)}
      >
        <OptionGrid
          name="appraisal-type"
          legend="Appraisal"
          options={APPRAISAL_TYPES.map((o) => ({ ...o, detail: `Delivered within ${o.turnaround}` }))}
          chosen={[type]}
          onToggle={setType}
        />
      </OfferDialog>
    </OfferCard>
  );
}
