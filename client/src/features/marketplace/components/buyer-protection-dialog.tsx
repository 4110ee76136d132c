import type { TDomain } from "@shared/api/domains";
import { DEFAULT_PROTECTION_LEVEL, OFFERS, optionById, PROTECTION_LEVELS } from "@shared/catalog";
import { ShieldCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Select } from "@/components/ui/select";
import { formatMoney } from "@/lib/format";
import { toastPurchaseFailure, usePurchaseOffer, useToastThenCheckout } from "@/lib/purchase-offer";
import { BoosterDialog, BoosterField } from "./booster-dialog";

type ProtectionLevelId = (typeof PROTECTION_LEVELS)[number]["id"];

/** Buyer protection: escrow and verified transfer for buyers of one of the user's domains. */
export function BuyerProtectionDialog({
  domains,
  trigger,
}: {
  domains: readonly TDomain[];
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [domainId, setDomainId] = useState("");
  const [protectionLevel, setProtectionLevel] = useState<ProtectionLevelId>(DEFAULT_PROTECTION_LEVEL);
  const purchase = usePurchaseOffer("buyerProtection");
  const toCheckout = useToastThenCheckout();
  const price = optionById(PROTECTION_LEVELS, protectionLevel).price;

  const submit = () =>
    purchase.mutate(
      { domainId, protectionLevel, price },
      {
        onSuccess: (answer) => {
          setOpen(false);
          setDomainId("");
          setProtectionLevel(DEFAULT_PROTECTION_LEVEL);
          toCheckout(answer, OFFERS.buyerProtection.toasts.success);
        },
        onError: () => toastPurchaseFailure("buyerProtection"),
      },
    );

  return (
    <BoosterDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      icon={ShieldCheck}
      title="Buyer Protection"
      description="Escrow and a verified transfer give buyers the confidence to pay your asking price."
      domains={domains}
      domainId={domainId}
      onDomainChange={setDomainId}
      price={price}
      submitLabel="Activate Buyer Protection"
      isPending={purchase.isPending}
      onSubmit={submit}
    >
      <BoosterField label="Protection level">
        {(id) => (
          <Select
            id={id}
            value={protectionLevel}
            onValueChange={(v) => setProtectionLevel(optionById(PROTECTION_LEVELS, v).id)}
            options={PROTECTION_LEVELS.map((o) => ({
              value: o.id,
              label: `${o.label} — ${formatMoney(o.price)}`,
            }))}
          />
        )}
      </BoosterField>
    </BoosterDialog>
  );
}
