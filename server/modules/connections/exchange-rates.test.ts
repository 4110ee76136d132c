import { describe, expect, it } from "vitest";
import { usdConverter } from "./exchange-rates";

describe("converting a network's figures to US dollars", () => {
  it("multiplies exactly and rounds to the cent, half up", () => {
    const eur = usdConverter("1.08");
    expect(eur("1.00")).toBe("1.08");
    expect(eur("0.50")).toBe("0.54");
    expect(eur("0.25")).toBe("0.27");
    // 0.125 * 1.08 = 0.135: half a cent goes up; floats would say 0.13499999…
    expect(eur("0.125")).toBe("0.14");
    expect(eur("123456789.5")).toBe("133333332.66");
    expect(eur("0")).toBe("0.00");
  });

  it("reads the rate to 8 places and the amount to 6, and keeps a sign", () => {
    const rate = usdConverter("1.123456789");
    // 1.12345678 (the ninth place dropped) * 2 = 2.24691356
    expect(rate("2")).toBe("2.25");
    // 0.0000019 is read as 0.000001: well under a cent
    expect(usdConverter("100")("0.0000019")).toBe("0.00");
    expect(usdConverter("1.5")("-2.01")).toBe("-3.02");
    expect(usdConverter("1.5")("-0.001")).toBe("0.00");
  });
});
