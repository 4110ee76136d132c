import { describe, expect, it } from "vitest";
import { splitBonus } from "./split-bonus";

describe("sharing a campaign bonus", () => {
  it("shares in proportion to recruits, in whole cents that add up to the bonus", () => {
    const shares = splitBonus(50_000, [
      { recruiterId: "a", recruits: 1 },
      { recruiterId: "b", recruits: 1 },
      { recruiterId: "c", recruits: 1 },
    ]);
    expect(shares.map((s) => s.cents)).toEqual([16_667, 16_667, 16_666]);
    expect(shares.reduce((sum, s) => sum + s.cents, 0)).toBe(50_000);
  });

  it("gives the larger share to the affiliate with more recruits", () => {
    const shares = splitBonus(125_000, [
      { recruiterId: "a", recruits: 7 },
      { recruiterId: "b", recruits: 18 },
    ]);
    expect(shares).toEqual([
      { recruiterId: "a", recruits: 7, cents: 35_000 },
      { recruiterId: "b", recruits: 18, cents: 90_000 },
    ]);
  });

  it("shares nothing when nobody recruited", () => {
    expect(splitBonus(50_000, [])).toEqual([]);
  });
});
