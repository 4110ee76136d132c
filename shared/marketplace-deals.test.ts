import { describe, expect, it } from "vitest";
import {
  leaseInstalmentCents,
  leaseScheduleCents,
  PROTECTION_TERMS,
  sellerProceedsCents,
  strongestProtection,
} from "./marketplace-deals";
import { premiumListingPrice } from "./prices";

describe("a sale's proceeds", () => {
  it("are the price less the commission, the commission rounded to the cent", () => {
    expect(sellerProceedsCents(100_000, 15)).toBe(85_000);
    expect(sellerProceedsCents(1_001, 15)).toBe(851); // commission 150.15 cents → 150
    expect(sellerProceedsCents(1_003, 15)).toBe(853); // 150.45 → 150
    expect(sellerProceedsCents(1_010, 0)).toBe(1_010);
  });
});

describe("a lease's monthly instalment", () => {
  it("amortises the price at the term's APR and never pays less than price and interest", () => {
    // $12,000 over 12 months at 5% APR: $1,027.29 a month (standard annuity).
    expect(leaseInstalmentCents(1_200_000, 5, 12)).toBe(102_729);
    const monthly = leaseInstalmentCents(500_000, 8, 48);
    expect(monthly * 48).toBeGreaterThan(500_000);
    expect(leaseInstalmentCents(120_000, 0, 12)).toBe(10_000);
  });
});

describe("a lease's schedule", () => {
  const principalOf = (schedule: number[], price: number, apr: number) => {
    let balance = price;
    for (const payment of schedule) balance -= payment - Math.round((balance * apr) / 1200);
    return balance;
  };

  it("repays the price exactly at every term: equal instalments, the last one absorbing the rounding", () => {
    for (const [months, apr] of [
      [12, 5],
      [24, 6],
      [36, 7],
      [48, 8],
    ]) {
      for (const price of [1_200_000, 99_999, 250_001, 10_000]) {
        const schedule = leaseScheduleCents(price, apr, months);
        expect(schedule).toHaveLength(months);
        const monthly = leaseInstalmentCents(price, apr, months);
        expect(schedule.slice(0, -1).every((p) => p === monthly)).toBe(true);
        expect(schedule.at(-1)).toBeLessThanOrEqual(monthly);
        expect(schedule.at(-1)).toBeGreaterThan(0);
        expect(principalOf(schedule, price, apr)).toBe(0);
      }
    }
  });

  it("charges the annuity's interest: $12,000 over 12 months at 5% costs $327.47 of interest", () => {
    const schedule = leaseScheduleCents(1_200_000, 5, 12);
    expect(schedule[0]).toBe(102_729);
    expect(schedule.reduce((a, b) => a + b, 0)).toBe(1_232_747);
    expect(leaseScheduleCents(120_000, 0, 12)).toEqual(Array(12).fill(10_000));
  });
});

describe("Buyer Protection", () => {
  it("lengthens inspection with each level and picks the strongest a listing holds", () => {
    expect(PROTECTION_TERMS.standard.inspectionDays).toBeLessThan(PROTECTION_TERMS.premium.inspectionDays);
    expect(PROTECTION_TERMS.premium.inspectionDays).toBeLessThan(PROTECTION_TERMS.enterprise.inspectionDays);
    expect(strongestProtection(["standard", "enterprise", "premium"])).toBe("enterprise");
    expect(strongestProtection([])).toBeNull();
  });
});

describe("a premium listing's price", () => {
  it("is the tier's monthly rate pro rata for the days", () => {
    expect(premiumListingPrice("premium", 60)).toBe("199.98");
    expect(premiumListingPrice("exclusive", 90)).toBe("599.97");
  });
});
