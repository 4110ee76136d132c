/** One domain-day of a fake network's statistics. */
export interface FakeDayStat {
  domain: string;
  day: string;
  visits: number;
  clicks: number;
  revenue: string;
  currency: string;
}

/** A network's figures by day, replaced when set again (a revision). */
export function statsStore() {
  const byDay = new Map<string, Map<string, FakeDayStat>>();
  return {
    set(stat: FakeDayStat) {
      const day = byDay.get(stat.day) ?? new Map<string, FakeDayStat>();
      byDay.set(stat.day, day);
      day.set(stat.domain, stat);
    },
    day: (day: string) => [...(byDay.get(day)?.values() ?? [])],
    between(from: string, to: string) {
      const out: FakeDayStat[] = [];
      for (const [day, stats] of [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        if (day >= from && day <= to) out.push(...stats.values());
      }
      return out;
    },
  };
}
