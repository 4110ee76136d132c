import { describe, expect, it } from "vitest";
import { dailyLeadCap } from "./domain-lead-cap";
import { leadEmailKey } from "./email-key";

describe("the canonical address of a lead", () => {
  it.each([
    ["Jo@Example.com", "jo@example.com"],
    ["  jo@example.com ", "jo@example.com"],
    ["jo+cars@example.com", "jo@example.com"],
    ["jo+cars+more@example.com", "jo@example.com"],
    ["j.o@example.com", "j.o@example.com"],
    ["d.o.t@gmail.com", "dot@gmail.com"],
    ["D.O.T+farm@GMAIL.COM", "dot@gmail.com"],
    ["dot@googlemail.com", "dot@gmail.com"],
    ["d.ot@googlemail.com", "dot@gmail.com"],
    ["dot@gmail.com.evil.example", "dot@gmail.com.evil.example"],
    ["d.ot@notgmail.com", "d.ot@notgmail.com"],
    ["Jo.Smith+quotes@outlook.com", "jo.smith@outlook.com"],
    ["jo+x@hotmail.co.uk", "jo@hotmail.co.uk"],
    ["jo-cars@yahoo.com", "jo@yahoo.com"],
    ["jo-cars@ymail.com", "jo@ymail.com"],
    ["jo-cars@example.com", "jo-cars@example.com"],
    ["jo+cars@icloud.com", "jo@icloud.com"],
    ["jo+cars@me.com", "jo@me.com"],
    ["cars@jo.fastmail.com", "jo@fastmail.com"],
    ["insurance@jo.fastmail.fm", "jo@fastmail.fm"],
    ["jo+cars@fastmail.com", "jo@fastmail.com"],
    ["Jo.Smith@protonmail.com", "josmith@proton.me"],
    ["jo_smith+cars@pm.me", "josmith@proton.me"],
    ["jo-smith@protonmail.ch", "josmith@proton.me"],
  ])("makes %s into %s", (email, key) => {
    expect(leadEmailKey(email)).toBe(key);
  });

  it("keeps some key when the name is all tag or all dots", () => {
    expect(leadEmailKey("+tag@example.com")).toBe("+tag@example.com");
    expect(leadEmailKey("...@gmail.com")).toBe("...@gmail.com");
  });

  it("gives the Yahoo and Fastmail aliases of the fourth round one key each", () => {
    expect(
      new Set(["farmer@yahoo.com", "farmer-1@yahoo.com", "farmer-two@yahoo.com"].map(leadEmailKey)).size,
    ).toBe(1);
    expect(
      new Set(["farmer@fastmail.com", "a@farmer.fastmail.com", "b@farmer.fastmail.com"].map(leadEmailKey))
        .size,
    ).toBe(1);
  });

  it("gives the three Gmail spellings of the attack one key", () => {
    const keys = new Set(["dot@gmail.com", "d.ot@gmail.com", "d.o.t@googlemail.com"].map(leadEmailKey));
    expect(keys.size).toBe(1);
  });
});

describe("a domain's daily lead cap", () => {
  const cap = (verifiedDays: number, credited = 0, returned = 0, fullCap = 100) =>
    dailyLeadCap({ verifiedDays, credited, returned, fullCap });

  it("is 5 in the first week, 20 until day 30, then the configured cap", () => {
    expect([cap(0), cap(6), cap(7), cap(29), cap(30), cap(400)]).toEqual([5, 5, 20, 20, 100, 100]);
  });

  it("never exceeds the configured cap", () => {
    expect([cap(0, 0, 0, 3), cap(10, 0, 0, 3), cap(60, 0, 0, 3)]).toEqual([3, 3, 3]);
  });

  it("is halved while more than a fifth of the last 30 days' credited leads were returned", () => {
    expect(cap(60, 100, 20)).toBe(100);
    expect(cap(60, 100, 21)).toBe(50);
    expect(cap(10, 10, 5)).toBe(10);
    expect(cap(0, 1, 1)).toBe(2);
    expect(cap(0, 1, 1, 1)).toBe(1);
  });
});
