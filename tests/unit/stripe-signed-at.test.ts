import { describe, expect, it } from "vitest";
import { isWithinTolerance, stripeSignatureSkew } from "../../server/modules/webhooks/stripe-signed-at";

const NOW = 1_800_000_000;

describe("a Stripe signature's time", () => {
  it("is read from the header's last t= entry, as the SDK verifies it", () => {
    expect(stripeSignatureSkew(`t=${NOW - 5},v1=abc`, NOW)).toBe(-5);
    expect(stripeSignatureSkew(`t=${NOW - 900},v1=abc,t=${NOW + 900}`, NOW)).toBe(900);
  });

  it("is missing from a header without a numeric t=", () => {
    expect(stripeSignatureSkew("v1=abc", NOW)).toBeNull();
    expect(stripeSignatureSkew("t=soon,v1=abc", NOW)).toBeNull();
  });

  it.each([
    [-600, false],
    [-301, false],
    [-300, true],
    [0, true],
    [300, true],
    [301, false],
    [600, false],
  ])("signed %i seconds from now is within five minutes: %s", (offset, within) => {
    expect(isWithinTolerance(`t=${NOW + offset},v1=abc`, NOW, 300)).toBe(within);
  });
});
