import type { TDomain } from "@shared/api/domains";
import { DEFAULT_FINANCING_TERM, FINANCING_TERMS, optionById } from "@shared/catalog";
import { Landmark } from "lucide-react";
import { type ReactNode, useState } from "react";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { formatMoney } from "@/lib/format";
import { BoosterDomainField, BoosterSelect } from "./booster-fields";

type FinancingTermId = (typeof FINANCING_TERMS)[number]["id"];

/** Financing: lets buyers pay for one of the user's domains in instalments, for a one-off setup fee. */
export function FinancingDialog({ domains, trigger }: { domains: readonly TDomain[]; trigger: ReactNode }) {
  const [domainId, setDomainId] = useState("");
  const [terms, setTerms] = useState<FinancingTermId>(DEFAULT_FINANCING_TERM);
  const term = optionById(FINANCING_TERMS, terms);

  const reset = () => {
    setDomainId("");
    setTerms(DEFAULT_FINANCING_TERM);
  };

  return (
    <OfferDialog
      offerKey="financing"
      trigger={trigger}
      icon={Landmark}
      title="Buyer Financing"
      description="Let buyers lease your domain to own in monthly instalments at the term's APR. You are credited each instalment as it is paid, less the 15% marketplace commission, held for the refund window; the name moves to the buyer after the last one. If a lease ends early, you keep the domain and only what was paid."
      price={term.price}
      priceSuffix=" setup fee"
      body={domainId ? { domainId, terms, setupFee: term.price } : null}
      buyLabel="Set Up Financing"
      onPurchased={reset}
    >
      <BoosterDomainField domains={domains} domainId={domainId} onDomainChange={setDomainId} />
      <BoosterSelect
        label="Financing terms"
        value={terms}
        onValueChange={(v) => setTerms(optionById(FINANCING_TERMS, v).id)}
        options={FINANCING_TERMS.map((o) => ({
          value: o.id,
          label: `${o.months} months at ${o.aprPercent}% APR — ${formatMoney(o.price)} setup`,
        }))}
      />
    </OfferDialog>
  );
}
