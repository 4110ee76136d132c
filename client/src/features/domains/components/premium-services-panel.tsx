import { Sparkles } from "lucide-react";
import { useState } from "react";
import { CatalogOffer } from "@/components/offer/catalog-offer";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useDomainOptions } from "@/lib/api/get-domains";
import { BrokerOffer } from "./broker-offer";
import { DomainServiceHistory } from "./domain-service-history";

/**
 * The premium-services panel (docs/product.md#screens): pick one of your domains, then order an appraisal, a
 * broker or a premium service for it; its service records are listed underneath. An empty
 * portfolio still shows the offers, disabled until there is a domain to choose.
 */
export function PremiumServicesPanel() {
  const domains = useDomainOptions();
  const [domainId, setDomainId] = useState("");
  const options = (domains.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  const empty = domains.isSuccess && options.length === 0;

  return (
    <Card role="region" className="mt-8" aria-labelledby="premium-services-title">
      <CardHeader className="sm:flex-row sm:items-end sm:justify-between sm:gap-6">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="premium-services-title" className="flex items-center gap-2">
            <Sparkles aria-hidden="true" className="size-5 text-emerald-600" />
            Premium Domain Services
          </CardTitle>
          <CardDescription>
            Select a domain to order an appraisal, a broker or a growth service for it.
          </CardDescription>
        </div>
        <div className="grid gap-2 sm:w-72">
          <Label htmlFor="services-domain">Domain</Label>
          <Select
            id="services-domain"
            placeholder="Select a domain"
            value={domainId}
            options={options}
            onValueChange={setDomainId}
            disabled={empty}
          />
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-4 md:grid-cols-3">
          <CatalogOffer offerKey="appraisal" domainId={domainId} />
          <BrokerOffer domainId={domainId} />
          <CatalogOffer offerKey="premiumService" domainId={domainId} />
        </div>
        {domainId ? (
          <section aria-label="Services of the selected domain" className="grid gap-3">
            <h3 className="font-semibold text-slate-900">Services on this domain</h3>
            <DomainServiceHistory domainId={domainId} />
          </section>
        ) : (
          <p className="text-muted-foreground text-sm">
            {empty
              ? "Add a domain to order services for it."
              : "Select a domain to see its services and order new ones."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
