import { describe, expect, it } from "vitest";
import { readTrustProxy } from "./lib/config";

describe("TRUST_PROXY names the proxies, never every hop", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["true", 1],
    ["2", 2],
    ["10.0.0.1, 10.0.0.0/8", ["10.0.0.1", "10.0.0.0/8"]],
    ["loopback,uniquelocal", ["loopback", "uniquelocal"]],
    ["::1", ["::1"]],
  ])("reads %j as %j", (value, expected) => {
    expect(readTrustProxy(value)).toEqual(expected);
  });

  it("refuses anything else with the key named", () => {
    expect(() => readTrustProxy("everything")).toThrow(/TRUST_PROXY/);
    expect(() => readTrustProxy("10.0.0.1, proxy.example")).toThrow(/proxy\.example/);
  });
});
