import { Zap } from "lucide-react";
import { CompetitiveAnalysisOffer } from "./competitive-analysis-offer";
import { CustomReportsOffer } from "./custom-reports-offer";
import { ForecastingOffer } from "./forecasting-offer";
import { PlanComparison } from "./plan-comparison";
import { PremiumAnalyticsOffer } from "./premium-analytics-offer";
import { RoiPanel } from "./roi-panel";

/** Premium Analytics Suite: free versus premium, the four analytics offers and the ROI panel. */
export function PremiumSuite() {
  return (
    <section aria-labelledby="premium-suite-heading" className="grid gap-4">
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
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <PremiumAnalyticsOffer />
        <CustomReportsOffer />
        <CompetitiveAnalysisOffer />
        <ForecastingOffer />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <PlanComparison />
        <RoiPanel />
      </div>
    </section>
  );
}
