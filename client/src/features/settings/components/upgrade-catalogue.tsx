import { Rocket } from "lucide-react";
import { CatalogOffer } from "@/components/offer/catalog-offer";
import { PlanTable } from "@/components/plans/plan-table";
import { useAccountSettings } from "../api/get-account-settings";
import { EnhancedSecurityOffer } from "./enhanced-security-offer";

/** The four account upgrades, each bought through checkout. */
export function UpgradeCatalogue() {
  const plan = useAccountSettings().data?.plan;
  return (
    <section aria-labelledby="upgrades-heading" className="grid gap-4">
      <div>
        <h2 id="upgrades-heading" className="flex items-center gap-2 font-semibold text-lg text-slate-900">
          <Rocket aria-hidden="true" className="size-5 text-emerald-600" />
          Upgrade Your Account
        </h2>
        <p className="text-muted-foreground text-sm">More features, stronger security and faster help.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <CatalogOffer offerKey="accountUpgrade" wide>
          <PlanTable current={plan} />
        </CatalogOffer>
        <EnhancedSecurityOffer />
        <CatalogOffer offerKey="supportSubscription" />
        <CatalogOffer offerKey="apiAccess" />
      </div>
    </section>
  );
}
