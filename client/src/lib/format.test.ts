import { describe, expect, it } from "vitest";
import {
  formatChangePercent,
  formatCompactMoney,
  formatDate,
  formatMoney,
  formatNumber,
  formatRelativeTime,
  formatServiceType,
  formatShortDate,
  percentOf,
} from "@/lib/format";

describe("display formatting", () => {
  it("shows money with a dollar sign, thousands separators and two decimals", () => {
    expect(formatMoney("1234.5")).toBe("$1,234.50");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney("-12.345")).toBe("-$12.35");
    expect(formatMoney("not a number")).toBe("$0.00");
  });

  it("shows counts in locale format", () => {
    expect(formatNumber(12345)).toBe((12345).toLocaleString());
  });

  it("signs percentages", () => {
    expect(formatChangePercent(12.5)).toBe("+12.5%");
    expect(formatChangePercent(-3)).toBe("-3.0%");
    expect(formatChangePercent(0)).toBe("0.0%");
  });

  it("says how long ago in seconds, minutes, hours or days", () => {
    const now = Date.parse("2025-01-10T12:00:00Z");
    expect(formatRelativeTime(now - 5_000, now)).toBe("5 seconds ago");
    expect(formatRelativeTime(now - 1_000, now)).toBe("1 second ago");
    expect(formatRelativeTime(now - 60_000, now)).toBe("1 minute ago");
    expect(formatRelativeTime(now - 3 * 3_600_000, now)).toBe("3 hours ago");
    expect(formatRelativeTime(new Date(now - 2 * 86_400_000), now)).toBe("2 days ago");
    expect(formatRelativeTime(now + 10_000, now)).toBe("0 seconds ago");
  });

  it("switches relative times to the date after 7 days", () => {
    const now = Date.now();
    expect(formatRelativeTime(now - 7 * 86_400_000, now)).toBe("7 days ago");
    const old = now - 631 * 86_400_000;
    expect(formatRelativeTime(old, now)).toBe(formatDate(old));
    expect(formatRelativeTime(old, now)).not.toMatch(/ago$/);
  });

  it("reads service types with spaces and capitals", () => {
    expect(formatServiceType("seo_optimization")).toBe("SEO Optimization");
    expect(formatServiceType("api_access")).toBe("API Access");
    expect(formatServiceType("vip_support")).toBe("VIP Support");
    expect(formatServiceType("BROKER")).toBe("Broker");
  });

  it("shows chart money in short form", () => {
    expect(formatCompactMoney(1234)).toBe("$1.2K");
    expect(formatCompactMoney(12)).toBe("$12");
  });

  it("rounds a part of a whole to a percent, 0 of nothing being 0", () => {
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });

  it("shows a calendar day as that day for a reader west of Greenwich", () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      expect(formatDate("2025-03-04")).toBe("Mar 4, 2025");
      expect(formatShortDate("2025-03-04")).toBe("Mar 4");
      // A moment is the reader's: 02:00 UTC on the 4th is still the 3rd in Los Angeles.
      expect(formatDate("2025-03-04T02:00:00Z")).toBe("Mar 3, 2025");
    } finally {
      process.env.TZ = zone;
    }
  });
});
