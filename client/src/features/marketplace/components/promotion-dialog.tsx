import type { TDomain } from "@shared/api/domains";
import {
  DEFAULT_LISTING_DURATION,
  DEFAULT_PROMOTION_TYPE,
  LISTING_DURATIONS,
  OFFERS,
  optionById,
  PROMOTION_TYPES,
} from "@shared/catalog";
import { Megaphone } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Select } from "@/components/ui/select";
import { formatMoney } from "@/lib/format";
import { toastPurchaseFailure, usePurchaseOffer, useToastThenCheckout } from "@/lib/purchase-offer";
import { BoosterDialog, BoosterField } from "./booster-dialog";

type PromotionTypeId = (typeof PROMOTION_TYPES)[number]["id"];

/** Promotion: puts one of the user's domains in front of buyers on the homepage, newsletter or social. */
export function PromotionDialog({ domains, trigger }: { domains: readonly TDomain[]; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [domainId, setDomainId] = useState("");
  const [promotionType, setPromotionType] = useState<PromotionTypeId>(DEFAULT_PROMOTION_TYPE);
  const [duration, setDuration] = useState<string>(DEFAULT_LISTING_DURATION);
  const purchase = usePurchaseOffer("promotion");
  const toCheckout = useToastThenCheckout();
  const price = optionById(PROMOTION_TYPES, promotionType).price;

  const submit = () =>
    purchase.mutate(
      { domainId, promotionType, price, duration },
      {
        onSuccess: (answer) => {
          setOpen(false);
          setDomainId("");
          setPromotionType(DEFAULT_PROMOTION_TYPE);
          setDuration(DEFAULT_LISTING_DURATION);
          toCheckout(answer, OFFERS.promotion.toasts.success);
        },
        onError: () => toastPurchaseFailure("promotion"),
      },
    );

  return (
    <BoosterDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      icon={Megaphone}
      title="Domain Promotion"
      description="Promote your domain to our network of active domain buyers."
      domains={domains}
      domainId={domainId}
      onDomainChange={setDomainId}
      price={price}
      submitLabel="Activate Promotion"
      isPending={purchase.isPending}
      onSubmit={submit}
    >
      <BoosterField label="Promotion channel">
        {(id) => (
          <Select
            id={id}
            value={promotionType}
            onValueChange={(v) => setPromotionType(optionById(PROMOTION_TYPES, v).id)}
            options={PROMOTION_TYPES.map((o) => ({
              value: o.id,
              label: `${o.label} — ${formatMoney(o.price)}`,
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
