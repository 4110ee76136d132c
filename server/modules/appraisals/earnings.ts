/** What the domain itself earned: its average month and how many months that average covers. */
export interface EarningsHistory {
  averageMonthly: number;
  months: number;
}

/**
 * The multiple of monthly earnings a buyer pays for a domain that earns: three years' earnings
 * for a year of history (eleven months and the current one) (the range parked and content sites trade at, 24 to 48 months), less
 * for a shorter history, whose earnings may not last.
 */
export function earningsMultiple(months: number): number {
  if (months >= 11) return 36;
  if (months >= 6) return 30;
  if (months >= 3) return 24;
  return 12;
}

/** The value of the domain's earnings (dollars), or 0 for a domain that earns nothing. */
export function earningsValue(history: EarningsHistory | null): number {
  if (!history || history.averageMonthly <= 0 || history.months <= 0) return 0;
  return history.averageMonthly * earningsMultiple(history.months);
}
