import { Zap } from "lucide-react";
import { CatalogOffer } from "@/components/offer/catalog-offer";
import { CompetitiveAnalysisOffer } from "./competitive-analysis-offer";
import { CustomReportsOffer } from "./custom-reports-offer";
import { ForecastingOffer } from "./forecasting-offer";
import { PlanComparison } from "./plan-comparison";
import { RoiPanel } from "./roi-panel";

/** Premium Analytics Suite: free versus premium, the four analytics offers and the ROI panel. */
export function PremiumSuite({ current }: { current?: string }) {
  return (
    <section aria-labelledby="premium-suite-heading" className="grid grid-cols-1 gap-4">
      <div>
        <h2
          id="premium-suite-heading"
          className="flex items-center gap-2 font-semibold text-lg text-slate-900"
        >
          <Zap aria-hidden="true" className="size-5 text-amber-500" />
          Premium Analytics Suite
        </h2>
        <p className="text-muted-foreground text-sm">
          Go beyond the basics: longer history, reports, competitor benchmarks and forecasts.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <CatalogOffer offerKey="premiumAnalytics" />
        <CustomReportsOffer />
        <CompetitiveAnalysisOffer />
        <ForecastingOffer />
      </div>
      <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <PlanComparison current={current} />
        </div>
        <RoiPanel />
      </div>
    </section>
  );
}
