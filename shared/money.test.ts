import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  formatUsd,
  isDecimalAmount,
  moneyInput,
  signedToCents,
  sumDecimals,
  toCents,
  ZMoney,
  ZSignedMoney,
} from "./money";
import { lowestPrice } from "./prices";

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

describe("the one money type", () => {
  it("takes a non-negative amount a numeric(12,2) column holds, and nothing else", () => {
    for (const ok of ["0", "12.5", "12.50", "9999999999.99"])
      expect(ZMoney.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["-1.00", "12.505", "1e3", "12.", "10000000000.00", " 1", ""]) {
      expect(ZMoney.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("takes a signed ledger figure, and reads it in cents", () => {
    expect(ZSignedMoney.safeParse("-100.00").success).toBe(true);
    expect(ZSignedMoney.safeParse("--1").success).toBe(false);
    expect(signedToCents("-100.05")).toBe(-10005);
    expect(signedToCents("0.1")).toBe(10);
    expect(() => signedToCents("1.234")).toThrow();
  });

  it("reads a typed amount as exact two-decimal text", () => {
    expect(moneyInput().parse(80)).toBe("80.00");
    expect(moneyInput().parse(" 0.1 ")).toBe("0.10");
    expect(moneyInput("Enter a price").safeParse("abc").error?.issues[0]?.message).toBe("Enter a price");
  });

  it("finds the lowest price in cents, whatever the order and the number of decimals", () => {
    const option = (price: string) => ({ id: price, label: price, price });
    expect(lowestPrice([option("10.1"), option("10.09"), option("99")])).toBe("10.09");
  });
});
