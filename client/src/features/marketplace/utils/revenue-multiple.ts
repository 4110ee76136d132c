import { centsToDecimal, toCents } from "@shared/money";

/** Days in the month estimate: the dashboard's month figure is the daily average times 30. */
export const DAYS_PER_MONTH = 30;

/** A month of parking revenue from the daily average, as a decimal string. */
export function monthlyRevenue(dailyAverage: string): string {
  return centsToDecimal(toCents(dailyAverage) * DAYS_PER_MONTH);
}

/** Price ÷ monthly revenue with one decimal ("41.7x"), or "—" when the domain earns nothing. */
export function revenueMultiple(price: string, dailyAverage: string): string {
  const monthlyCents = toCents(dailyAverage) * DAYS_PER_MONTH;
  if (monthlyCents === 0) return "—";
  return `${(toCents(price) / monthlyCents).toFixed(1)}x`;
}
