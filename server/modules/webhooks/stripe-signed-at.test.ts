import { describe, expect, it } from "vitest";
import { isWithinTolerance, stripeSignedAt } from "./stripe-signed-at";

const NOW = 1_800_000_000;
const AHEAD = NOW + 3600;

describe("a Stripe signature's time", () => {
  it("is the header's one t= entry, in Stripe's shape", () => {
    expect(stripeSignedAt(`t=${NOW - 5},v1=abc`)).toBe(NOW - 5);
    expect(stripeSignedAt(`t=${NOW},v1=abc,v0=def`)).toBe(NOW);
  });

  it.each([
    ["no t=", "v1=abc"],
    ["a word for a time", "t=soon,v1=abc"],
    ["two t= (the SDK reads the last)", `t=${NOW},v1=abc,t=${AHEAD}`],
    ["a time with trailing junk (the SDK's parseInt reads its digits)", `t=${NOW},t=${AHEAD}x,v1=abc`],
    ["a zero-padded time (the SDK reads it as the number)", `t=${NOW},v1=abc,t=000${AHEAD}`],
    ["a zero-padded lone time", `t=0${NOW},v1=abc`],
    ["an entry after a space (the SDK skips it)", `t=${AHEAD},v1=abc, t=${NOW}`],
    ["a space inside an entry", `t= ${NOW},v1=abc`],
    ["a sign", `t=+${NOW},v1=abc`],
    ["an empty entry", `t=${NOW},,v1=abc`],
    ["an entry without a value", `t=${NOW},v1`],
  ])("is none for a header the SDK could read otherwise: %s", (_label, header) => {
    expect(stripeSignedAt(header)).toBeNull();
    expect(isWithinTolerance(header, NOW, 300)).toBe(false);
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
