const dayFormatter = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/** A trend point's label: "07:00" → "7:00"; "2026-03-04" → "Mar 4" (a calendar day, not shifted). */
export function trendLabel(key: string): string {
  const hour = /^(\d{2}):00$/.exec(key);
  if (hour) return `${Number(hour[1])}:00`;
  return dayFormatter.format(new Date(`${key}T00:00:00Z`));
}

/** An axis figure in dollars: 1234 → "$1.2K". */
export function compactDollars(value: number): string {
  return `$${Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(value)}`;
}
