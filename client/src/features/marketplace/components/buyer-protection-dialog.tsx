import type { TDomain } from "@shared/api/domains";
import { DEFAULT_PROTECTION_LEVEL, optionById, PROTECTION_LEVELS } from "@shared/catalog";
import { ShieldCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { formatMoney } from "@/lib/format";
import { BoosterDomainField, BoosterSelect } from "./booster-fields";

type ProtectionLevelId = (typeof PROTECTION_LEVELS)[number]["id"];

/** Buyer protection: escrow and verified transfer for buyers of one of the user's domains. */
export function BuyerProtectionDialog({
  domains,
  trigger,
}: {
  domains: readonly TDomain[];
  trigger: ReactNode;
}) {
  const [domainId, setDomainId] = useState("");
  const [protectionLevel, setProtectionLevel] = useState<ProtectionLevelId>(DEFAULT_PROTECTION_LEVEL);
  const price = optionById(PROTECTION_LEVELS, protectionLevel).price;

  const reset = () => {
    setDomainId("");
    setProtectionLevel(DEFAULT_PROTECTION_LEVEL);
  };

  return (
    <OfferDialog
      offerKey="buyerProtection"
      trigger={trigger}
      icon={ShieldCheck}
      title="Buyer Protection"
      description="Escrow and a verified transfer give buyers the confidence to pay your asking price."
      price={price}
      body={domainId ? { domainId, protectionLevel, price } : null}
      buyLabel="Activate Buyer Protection"
      onPurchased={reset}
    >
      <BoosterDomainField domains={domains} domainId={domainId} onDomainChange={setDomainId} />
      <BoosterSelect
        label="Protection level"
        value={protectionLevel}
        onValueChange={(v) => setProtectionLevel(optionById(PROTECTION_LEVELS, v).id)}
        options={PROTECTION_LEVELS.map((o) => ({
          value: o.id,
          label: `${o.label} — ${formatMoney(o.price)}`,
        }))}
      />
    </OfferDialog>
  );
}
