import { DEFAULT_FORECAST_PERIOD, FORECAST_PERIODS, optionById } from "@shared/catalog";
import { Sparkles } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type PeriodId = (typeof FORECAST_PERIODS)[number]["id"];

/** AI Forecasting: a revenue forecast over the chosen number of months. */
export function ForecastingOffer() {
  const [periodId, setPeriodId] = useState<PeriodId>(DEFAULT_FORECAST_PERIOD);
  const period = optionById(FORECAST_PERIODS, periodId);

  return (
    <OfferCard
      icon={Sparkles}
      tone="bg-amber-50 text-amber-600"
      title="AI Forecasting"
      blurb="Month-by-month revenue projections for every domain, built from your own history."
      fromPrice={FORECAST_PERIODS[0].price}
    >
      <OfferDialog
        offerKey="forecasting"
        trigger={
          <Button variant="outline" className="w-full">
            Choose Period
          </Button>
        }
        icon={Sparkles}
        title="AI Revenue Forecasting"
        description="Choose how far ahead to forecast. The forecast is built once the payment is complete."
        price={period.price}
        body={{ period: period.id, price: period.price }}
        buyLabel="Get Forecast"
        onPurchased={() => setPeriodId(DEFAULT_FORECAST_PERIOD)}
      >
        <OptionGrid
          name="forecast-period"
          legend="Forecast period"
          options={FORECAST_PERIODS.map((p) => ({
            ...p,
            detail: `Projection for the next ${p.months} months`,
          }))}
          chosen={[periodId]}
          onToggle={setPeriodId}
          columns={2}
        />
      </OfferDialog>
    </OfferCard>
  );
}
