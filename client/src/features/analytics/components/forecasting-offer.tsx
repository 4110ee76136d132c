import type { TForecastHistory } from "@shared/api/analytics";
import { CatalogOffer } from "@/components/offer/catalog-offer";
import { formatDate } from "@/lib/format";
import { useForecastHistory } from "../api/get-forecast-history";

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? "" : "s"}`;

/** What the history supports, said before anything is bought. */
function HistoryNote({ history }: { history: TForecastHistory | undefined }) {
  if (!history) return <p className="text-muted-foreground text-sm">Checking your revenue history…</p>;
  const since = history.firstDay ? ` since ${formatDate(history.firstDay)}` : "";
  const shortest = `${history.shortestMonths} months`;
  let text: string;
  if (history.model === "monthly") {
    text = `Your history: ${plural(history.months, "month")} of revenue${since}. The forecast follows its yearly pattern and trend. Every period can be forecast, the shortest ${shortest}.`;
  } else if (history.model === "daily") {
    text = `Your history: ${plural(history.days, "day")} of revenue${since}, less than the ${history.minimumMonths} months a yearly pattern needs, so the forecast models your daily revenue (its weekly pattern and trend) and adds the days up to months. Every period can be forecast, the shortest ${shortest}; the further ahead, the wider its intervals.`;
  } else if (history.availableFrom) {
    text = `Your history: ${plural(history.days, "day")} of revenue${since}. A forecast needs ${history.minimumDays} days: the shortest period (${shortest}) can be bought from ${formatDate(history.availableFrom)}.`;
  } else {
    text = `No revenue recorded yet. A forecast needs ${history.minimumDays} days of revenue.`;
  }
  return (
    <p
      data-testid="forecast-history"
      className={
        history.model ? "text-muted-foreground text-sm" : "rounded-lg bg-amber-50 p-3 text-amber-800 text-sm"
      }
    >
      {text}
    </p>
  );
}

/**
 * AI Forecasting: the catalogue's periods, with what the account's history supports shown in
 * the dialog; with too little history nothing can be bought, and the note says from when.
 */
export function ForecastingOffer() {
  const history = useForecastHistory();
  return (
    <CatalogOffer offerKey="forecasting" blocked={!history.data?.model}>
      <HistoryNote history={history.data} />
    </CatalogOffer>
  );
}
