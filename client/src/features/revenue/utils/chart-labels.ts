import { formatShortDate } from "@/lib/format";

/** A trend point's label: "07:00" → "7:00"; "2026-03-04" → "Mar 4" (a calendar day, not shifted). */
export function trendLabel(key: string): string {
  const hour = /^(\d{2}):00$/.exec(key);
  return hour ? `${Number(hour[1])}:00` : formatShortDate(key);
}
