import { TrendingUp, Zap } from "lucide-react";
import { CatalogOffer } from "@/components/offer/catalog-offer";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { MarketingSuiteOffer } from "./marketing-suite-offer";

/**
 * The programme's two display figures, as the product states them and no others: figures
 * without a source are not shown. 25% is the Diamond tier's rate.
 */
const IMPACT = [
  { label: "Recruitment Bonuses", figure: "+400%", note: "" },
  { label: "Tier Upgrades", figure: "25%", note: "maximum commission" },
];

function PerformanceImpact() {
  return (
    <Card className="border-slate-800 bg-slate-900 text-white">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base text-white">
          <TrendingUp aria-hidden="true" className="size-4 text-emerald-400" />
          Performance Impact
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4">
          {IMPACT.map((item) => (
            <div key={item.label} className="rounded-lg bg-white/5 p-4">
              <dt className="text-slate-400 text-xs">{item.label}</dt>
              <dd className="mt-1 font-bold text-2xl text-emerald-400 tabular-nums">{item.figure}</dd>
              {item.note && <dd className="text-slate-300 text-xs">{item.note}</dd>}
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** Revenue Accelerators: four paid offers that grow the affiliate network, and their impact. */
export function RevenueAccelerators() {
  return (
    <section aria-labelledby="accelerators-heading" className="grid gap-4">
      <div>
        <h2
          id="accelerators-heading"
          className="flex items-center gap-2 font-semibold text-lg text-slate-900"
        >
          <Zap aria-hidden="true" className="size-5 text-amber-500" />
          Revenue Accelerators
        </h2>
        <p className="text-muted-foreground text-sm">
          Grow your network faster and earn more from every referral.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <CatalogOffer offerKey="recruitmentIncentive" />
        <CatalogOffer offerKey="trainingCourse" />
        <CatalogOffer offerKey="tierUpgrade" />
        <MarketingSuiteOffer />
      </div>
      <PerformanceImpact />
    </section>
  );
}
