import { describe, expect, it } from "vitest";
import { centsToDecimal, formatUsd, isDecimalAmount, sumDecimals, toCents } from "../../shared/money";

describe("money in cents", () => {
  it.each([
    ["29.99", 2999],
    ["29.9", 2990],
    ["29", 2900],
    [0.1, 10],
    [199.99, 19999],
    ["0.07", 7],
  ])("%j is %i cents", (value, cents) => {
    expect(toCents(value)).toBe(cents);
  });

  it.each(["-1", "1.234", "1e3", "abc", "", "12,50"])("refuses %j", (value) => {
    expect(isDecimalAmount(value)).toBe(false);
    expect(() => toCents(value)).toThrow("Not a money amount");
  });

  it.each([
    [2999, "29.99"],
    [5, "0.05"],
    [100000, "1000.00"],
    [-5, "-0.05"],
  ])("%i cents reads %j", (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it("sums exactly where floats would drift", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(["0.10", "0.20"])).toBe("0.30");
    expect(sumDecimals(["49", "79", "39", "99", "69", "29"])).toBe("364.00");
  });
});

describe("formatUsd", () => {
  it("writes server texts in the client's money format", () => {
    expect(formatUsd("1500")).toBe("$1,500.00");
    expect(formatUsd("4750.25")).toBe("$4,750.25");
    expect(formatUsd(0.5)).toBe("$0.50");
  });
});
