import { describe, expect, it } from "vitest";
import { withinSchedule } from "./buyer-store";
import { ownerShare, priceForShare } from "./share";
import { signatureMatches, signBody } from "./signature";

describe("the owner's share of a sale", () => {
  it("is the percentage of the price in cents, rounded half up", () => {
    expect(ownerShare("40.00", 70)).toBe("28.00");
    expect(ownerShare("0.05", 70)).toBe("0.04");
    expect(ownerShare("107.14", 70)).toBe("75.00");
  });

  it("the sandbox price credits exactly the lead value, whatever the share", () => {
    for (const percent of [1, 33, 50, 70, 85, 99, 100]) {
      for (const credit of ["75.00", "80.00", "0.01", "9999.99"]) {
        expect(ownerShare(priceForShare(credit, percent), percent), `${credit} at ${percent}%`).toBe(credit);
      }
    }
    expect(priceForShare("75.00", 70)).toBe("107.14");
  });
});

describe("the protocol's signature", () => {
  it("is sha256= and the hex HMAC of the raw body, and a changed body or secret does not match", () => {
    const body = JSON.stringify({ leadId: "x", reason: "duplicate" });
    const header = signBody(body, "buyer-secret-0123456789");
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureMatches(body, "buyer-secret-0123456789", header)).toBe(true);
    expect(signatureMatches(`${body} `, "buyer-secret-0123456789", header)).toBe(false);
    expect(signatureMatches(body, "another-secret-0123456789", header)).toBe(false);
    expect(signatureMatches(body, "buyer-secret-0123456789", undefined)).toBe(false);
  });
});

describe("a buyer's schedule", () => {
  const weekdays9to5 = { days: [1, 2, 3, 4, 5], from: "09:00", to: "17:00", timeZone: "America/New_York" };
  it("takes leads in its days and hours, in its own time zone", () => {
    // Wednesday 2026-11-25 15:00 UTC is 10:00 in New York.
    expect(withinSchedule(weekdays9to5, new Date("2026-11-25T15:00:00Z"))).toBe(true);
    // 13:00 UTC is 08:00 in New York: before the window.
    expect(withinSchedule(weekdays9to5, new Date("2026-11-25T13:00:00Z"))).toBe(false);
    // Saturday.
    expect(withinSchedule(weekdays9to5, new Date("2026-11-28T15:00:00Z"))).toBe(false);
    expect(withinSchedule(null, new Date("2026-11-28T15:00:00Z"))).toBe(true);
  });
});
