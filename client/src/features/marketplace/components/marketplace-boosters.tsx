import {
  FINANCING_TERMS,
  LISTING_TYPES,
  PROMOTION_TYPES,
  PROTECTION_LEVELS,
  type PricedOption,
} from "@shared/catalog";
import { toCents } from "@shared/money";
import { Crown, Landmark, type LucideIcon, Megaphone, Rocket, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";
import { useOwnDomains } from "../api/get-own-domains";
import { BuyerProtectionDialog } from "./buyer-protection-dialog";
import { FinancingDialog } from "./financing-dialog";
import { PremiumListingDialog } from "./premium-listing-dialog";
import { PromotionDialog } from "./promotion-dialog";

const lowestPrice = (options: readonly PricedOption[]) =>
  options.reduce((low, o) => (toCents(o.price) < toCents(low) ? o.price : low), options[0].price);

function BoosterCard(props: {
  icon: LucideIcon;
  title: string;
  description: string;
  from: string;
  unit?: string;
  accent: string;
  dialog: (trigger: ReactNode) => ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className={`flex size-10 items-center justify-center rounded-lg ${props.accent}`}>
        <Icon aria-hidden="true" className="size-5" />
      </div>
      <div className="flex-1">
        <h3 className="font-semibold text-slate-900">{props.title}</h3>
        <p className="mt-1 text-muted-foreground text-sm">{props.description}</p>
      </div>
      <p className="text-sm">
        <span className="text-muted-foreground">From </span>
        <span className="font-semibold text-slate-900">{formatMoney(props.from)}</span>
        {props.unit && <span className="text-muted-foreground">{props.unit}</span>}
      </p>
      {props.dialog(
        <Button variant="outline" className="w-full">
          Get {props.title}
        </Button>,
      )}
    </Card>
  );
}

/** Marketplace Revenue Boosters: the four paid upsells, each bought through its own dialog. */
export function MarketplaceBoosters() {
  const domains = useOwnDomains().data ?? [];
  return (
    <section aria-labelledby="marketplace-boosters-title" className="mb-8">
      <div className="mb-4 flex items-center gap-2">
        <Rocket aria-hidden="true" className="size-5 text-emerald-600" />
        <h2 id="marketplace-boosters-title" className="font-semibold text-lg text-slate-900">
          Marketplace Revenue Boosters
        </h2>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <BoosterCard
          icon={Crown}
          title="Premium Listing"
          description="Top placement and a featured badge for your listing."
          from={lowestPrice(LISTING_TYPES)}
          unit="/month"
          accent="bg-amber-50 text-amber-600"
          dialog={(trigger) => <PremiumListingDialog domains={domains} trigger={trigger} />}
        />
        <BoosterCard
          icon={ShieldCheck}
          title="Buyer Protection"
          description="Escrow and verified transfer that close sales faster."
          from={lowestPrice(PROTECTION_LEVELS)}
          accent="bg-blue-50 text-blue-600"
          dialog={(trigger) => <BuyerProtectionDialog domains={domains} trigger={trigger} />}
        />
        <BoosterCard
          icon={Landmark}
          title="Financing"
          description="Monthly payment plans that widen your pool of buyers."
          from={lowestPrice(FINANCING_TERMS)}
          unit=" setup"
          accent="bg-purple-50 text-purple-600"
          dialog={(trigger) => <FinancingDialog domains={domains} trigger={trigger} />}
        />
        <BoosterCard
          icon={Megaphone}
          title="Promotion"
          description="Homepage, newsletter and social campaigns to buyers."
          from={lowestPrice(PROMOTION_TYPES)}
          accent="bg-emerald-50 text-emerald-600"
          dialog={(trigger) => <PromotionDialog domains={domains} trigger={trigger} />}
        />
      </div>
    </section>
  );
}
