import { TrendingUp, Zap } from "lucide-react";
import { CatalogOffer } from "@/components/offer/catalog-offer";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { MarketingSuiteOffer } from "./marketing-suite-offer";

/** Display figures only (spec §9: static claims). */
const IMPACT = [
  { label: "Recruitment Bonuses", figure: "+400%", note: "affiliate sign-ups" },
  { label: "Expert Training", figure: "+180%", note: "referral conversion" },
  { label: "Tier Upgrades", figure: "25%", note: "maximum commission" },
  { label: "Marketing Suite", figure: "+250%", note: "link click-through" },
];

function PerformanceImpact() {
  return (
    <Card className="border-slate-800 bg-slate-900 text-white">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base text-white">
          <TrendingUp aria-hidden="true" className="size-4 text-emerald-400" />
          Performance Impact
        </CardTitle>
        <CardDescription className="text-slate-400">
          What affiliates using the accelerators typically see
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {IMPACT.map((item) => (
            <div key={item.label} className="rounded-lg bg-white/5 p-4">
              <dt className="text-slate-400 text-xs">{item.label}</dt>
              <dd className="mt-1 font-bold text-2xl text-emerald-400 tabular-nums">{item.figure}</dd>
              <dd className="text-slate-300 text-xs">{item.note}</dd>
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
