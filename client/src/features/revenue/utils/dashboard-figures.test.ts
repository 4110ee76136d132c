import type { TDashboardAnswer } from "@shared/api/revenue";
import { describe, expect, it } from "vitest";
import { changeText, formatStatValue } from "@/components/ui/stat-card";
import { COUNT_UP_STEP_MS, COUNT_UP_STEPS, countUpSteps } from "@/features/revenue/utils/count-up";
import { metricCards } from "@/features/revenue/utils/metric-cards";
import { sourceShares } from "@/features/revenue/utils/source-shares";
import { revenueSuggestions } from "@/features/revenue/utils/suggestions";
import { percentOf } from "@/lib/format";

function dashboard(overrides: {
  metrics?: Partial<TDashboardAnswer["metrics"]>;
  revenue?: Partial<TDashboardAnswer["revenue"]>;
  affiliateStats?: Partial<TDashboardAnswer["affiliateStats"]>;
}): TDashboardAnswer {
  return {
    timeZone: "UTC",
    metrics: {
      todayRevenue: "0.00",
      yesterdayRevenue: "0.00",
      todayChangePercent: null,
      monthlyRevenue: "0.00",
      lastMonthRevenue: "0.00",
      monthlyChangePercent: null,
      activeDomains: 0,
      newDomainsThisMonth: 0,
      affiliateEarnings: "0.00",
      ...overrides.metrics,
    },
    revenue: {
      parking: "0.00",
      marketplace: "0.00",
      affiliate: "0.00",
      lead: "0.00",
      other: "0.00",
      ...overrides.revenue,
    },
    hourlyRevenue: [],
    currentHour: 0,
    trend: { range: "24h", points: [] },
    topDomains: [],
    affiliateStats: {
      totalReferrals: 0,
      activeReferrals: 0,
      totalCommissions: "0.00",
      ...overrides.affiliateStats,
    },
    recentEvents: [],
  };
}

describe("the stat card", () => {
  it("adds 'vs yesterday' to a Today card and 'vs last month' to a Monthly card, for non-neutral changes only", () => {
    expect(changeText("Today's Revenue", "+12.5%", "positive")).toBe("+12.5% vs yesterday");
    expect(changeText("Monthly Revenue", "-3.0%", "negative")).toBe("-3.0% vs last month");
    expect(changeText("Today's Revenue", "No change", "neutral")).toBe("No change");
    expect(changeText("Active Domains", "+2 domains this month", "positive")).toBe("+2 domains this month");
  });

  it("shows dollar-sign values with a $ and two decimals, other values as they are", () => {
    expect(formatStatValue("1234.5", "dollar-sign")).toBe("$1,234.50");
    expect(formatStatValue(7, "dollar-sign")).toBe("$7.00");
    expect(formatStatValue(1234, "globe")).toBe(new Intl.NumberFormat().format(1234));
    expect(formatStatValue("$9.99", "calendar")).toBe("$9.99");
  });
});

describe("the metric cards", () => {
  it("read the real changes: up, down, or none when there is nothing to compare with", () => {
    const cards = metricCards(
      dashboard({
        metrics: {
          todayRevenue: "80.10",
          todayChangePercent: -15.7,
          monthlyRevenue: "680.10",
          monthlyChangePercent: 7456.7,
          activeDomains: 2,
          newDomainsThisMonth: 1,
          affiliateEarnings: "5.00",
        },
        affiliateStats: { activeReferrals: 2 },
      }),
    );
    expect(cards.map((c) => [c.title, c.value, c.change, c.changeType, c.icon, c.color])).toEqual([
      ["Today's Revenue", "80.10", "-15.7%", "negative", "dollar-sign", "emerald"],
      ["Monthly Revenue", "$680.10", "+7456.7%", "positive", "calendar", "blue"],
      ["Active Domains", 2, "+1 domain this month", "positive", "globe", "amber"],
      ["Affiliate Earnings", "$5.00", "This month · 2 active referrals", "neutral", "users", "purple"],
    ]);
    const quiet = metricCards(dashboard({}));
    expect(quiet[0]).toMatchObject({
      change: "Nothing earned by this time yesterday",
      changeType: "neutral",
    });
    expect(quiet[2]).toMatchObject({ change: "No new domains this month", changeType: "neutral" });
  });
});

describe("Quick Revenue Actions", () => {
  const ids = (d: TDashboardAnswer) => revenueSuggestions(d).map((s) => s.id);

  it("suggests the ad-network upgrade only while parking earned under $50 this month", () => {
    const active = { activeDomains: 1 };
    expect(ids(dashboard({ metrics: active, revenue: { parking: "49.99", affiliate: "500.00" } }))).toEqual([
      "adNetworkUpgrade",
    ]);
    expect(ids(dashboard({ metrics: active, revenue: { parking: "50.00", affiliate: "500.00" } }))).toEqual(
      [],
    );
  });

  it("offers a new account (a pending domain, $0 everywhere) the network upgrade and the recruiting bonus", () => {
    const fresh = revenueSuggestions(dashboard({ metrics: { activeDomains: 0 } }));
    expect(fresh.map((s) => [s.id, s.price])).toEqual([
      ["adNetworkUpgrade", "29.99"],
      ["recruitingBonus", "99.99"],
    ]);
  });

  it("suggests a premium listing only with more than 5 active domains and under $100 of sales", () => {
    const base = { parking: "500.00", affiliate: "500.00" };
    expect(
      ids(dashboard({ metrics: { activeDomains: 6 }, revenue: { ...base, marketplace: "99.99" } })),
    ).toEqual(["premiumListing"]);
    expect(
      ids(dashboard({ metrics: { activeDomains: 5 }, revenue: { ...base, marketplace: "0.00" } })),
    ).toEqual([]);
    expect(
      ids(dashboard({ metrics: { activeDomains: 6 }, revenue: { ...base, marketplace: "100.00" } })),
    ).toEqual([]);
  });

  it("suggests a recruiting bonus only while affiliates earned under $200, with the catalogue's prices", () => {
    const suggestions = revenueSuggestions(
      dashboard({ metrics: { activeDomains: 1 }, revenue: { parking: "60.00", affiliate: "199.99" } }),
    );
    expect(suggestions.map((s) => [s.id, s.price, s.href])).toEqual([
      ["recruitingBonus", "99.99", "/affiliates"],
    ]);
    expect(
      ids(dashboard({ metrics: { activeDomains: 1 }, revenue: { parking: "60.00", affiliate: "200.00" } })),
    ).toEqual([]);
    const all = revenueSuggestions(dashboard({ metrics: { activeDomains: 9 } }));
    expect(all.map((s) => [s.id, s.price])).toEqual([
      ["adNetworkUpgrade", "29.99"],
      ["premiumListing", "49.99"],
      ["recruitingBonus", "99.99"],
    ]);
  });
});

describe("Revenue Sources", () => {
  it("gives each source its real share of the month, lead income listed once it earned", () => {
    const { total, shares } = sourceShares(
      dashboard({ revenue: { parking: "60.00", marketplace: "20.00", affiliate: "0.00", lead: "20.00" } })
        .revenue,
    );
    expect(total).toBe(10_000);
    expect(shares.map((s) => [s.label, s.percent])).toEqual([
      ["Domain Parking", 60],
      ["Marketplace Sales", 20],
      ["Affiliate Commissions", 0],
      ["Lead Income", 20],
    ]);
  });

  it("lists the three spec sources at 0% when nothing was earned", () => {
    const { total, shares } = sourceShares(dashboard({}).revenue);
    expect(total).toBe(0);
    expect(shares.map((s) => [s.label, s.percent])).toEqual([
      ["Domain Parking", 0],
      ["Marketplace Sales", 0],
      ["Affiliate Commissions", 0],
    ]);
  });
});

describe("the live revenue figure", () => {
  it("climbs to a higher amount in 20 steps of 50 ms", () => {
    expect(COUNT_UP_STEPS).toBe(20);
    expect(COUNT_UP_STEP_MS).toBe(50);
    const steps = countUpSteps(1000, 3000);
    expect(steps).toHaveLength(20);
    expect(steps[0]).toBe(1100);
    expect(steps.at(-1)).toBe(3000);
    expect(steps.every((v, i) => i === 0 || v >= steps[i - 1])).toBe(true);
  });

  it("drops to a lower amount at once", () => {
    expect(countUpSteps(3000, 1000)).toEqual([1000]);
    expect(countUpSteps(1000, 1000)).toEqual([1000]);
  });
});

describe("the affiliate conversion rate", () => {
  it("is active over total, rounded, and 0 without referrals", () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13);
  });
});
