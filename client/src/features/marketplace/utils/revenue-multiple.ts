import { centsToDecimal, toCents } from "@shared/money";

/** Days in the month estimate: the dashboard's month figure is the daily average times 30. */
export const DAYS_PER_MONTH = 30;
/** A year of revenue from the daily average: buyers compare prices with annual earnings. */
export const DAYS_PER_YEAR = 365;

/** A month of parking revenue from the daily average, as a decimal string. */
export function monthlyRevenue(dailyAverage: string): string {
  return centsToDecimal(toCents(dailyAverage) * DAYS_PER_MONTH);
}

/** A year of parking revenue from the daily average, as a decimal string. */
export function annualRevenue(dailyAverage: string): string {
  return centsToDecimal(toCents(dailyAverage) * DAYS_PER_YEAR);
}

/**
 * Price ÷ annual revenue with one decimal ("3.4x"), the multiple domain buyers quote, or "—" when
 * the domain earns nothing.
 */
export function revenueMultiple(price: string, dailyAverage: string): string {
  const annualCents = toCents(dailyAverage) * DAYS_PER_YEAR;
  if (annualCents === 0) return "—";
  return `${(toCents(price) / annualCents).toFixed(1)}x`;
}
