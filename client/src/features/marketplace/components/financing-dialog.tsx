import type { TDomain } from "@shared/api/domains";
import { DEFAULT_FINANCING_TERM, FINANCING_TERMS, OFFERS, optionById } from "@shared/catalog";
import { Landmark } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Select } from "@/components/ui/select";
import { formatMoney } from "@/lib/format";
import { toastPurchaseFailure, usePurchaseOffer, useToastThenCheckout } from "@/lib/purchase-offer";
import { BoosterDialog, BoosterField } from "./booster-dialog";

type FinancingTermId = (typeof FINANCING_TERMS)[number]["id"];

/** Financing: lets buyers pay for one of the user's domains in instalments, for a one-off setup fee. */
export function FinancingDialog({ domains, trigger }: { domains: readonly TDomain[]; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [domainId, setDomainId] = useState("");
  const [terms, setTerms] = useState<FinancingTermId>(DEFAULT_FINANCING_TERM);
  const purchase = usePurchaseOffer("financing");
  const toCheckout = useToastThenCheckout();
  const term = optionById(FINANCING_TERMS, terms);

  const submit = () =>
    purchase.mutate(
      { domainId, terms, setupFee: term.price },
      {
        onSuccess: (answer) => {
          setOpen(false);
          setDomainId("");
          setTerms(DEFAULT_FINANCING_TERM);
          toCheckout(answer, OFFERS.financing.toasts.success);
        },
        onError: () => toastPurchaseFailure("financing"),
      },
    );

  return (
    <BoosterDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      icon={Landmark}
      title="Buyer Financing"
      description="Offer monthly payments so more buyers can afford your domain. You are paid in full at closing."
      domains={domains}
      domainId={domainId}
      onDomainChange={setDomainId}
      price={term.price}
      priceNote="setup fee"
      submitLabel="Set Up Financing"
      isPending={purchase.isPending}
      onSubmit={submit}
    >
      <BoosterField label="Financing terms">
        {(id) => (
          <Select
            id={id}
            value={terms}
            onValueChange={(v) => setTerms(optionById(FINANCING_TERMS, v).id)}
            options={FINANCING_TERMS.map((o) => ({
              value: o.id,
              label: `${o.months} months at ${o.aprPercent}% APR — ${formatMoney(o.price)} setup`,
            }))}
          />
        )}
      </BoosterField>
    </BoosterDialog>
  );
}
