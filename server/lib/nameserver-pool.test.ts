import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";
import { canonicalHosts, createNameserverPool, sameHosts } from "./nameserver-pool";
import { StartupError } from "./startup-error";

const hosts = (n: number) => Array.from({ length: n }, (_, i) => `ns${i + 1}.pool.test`);

describe("the nameserver pool", () => {
  it("forms every pair of its hosts but the shared set of earlier versions", () => {
    const pool = createNameserverPool({ hosts: hosts(16), legacy: ["ns1.pool.test", "ns2.pool.test"] });
    expect(pool.size).toBe(119);
    expect(createNameserverPool({ hosts: hosts(16), legacy: ["ns1.elsewhere.test"] }).size).toBe(120);
  });

  it("draws a name's pair at random: nothing about an account predicts it", () => {
    const pool = createNameserverPool({ hosts: hosts(16), legacy: ["ns1.pool.test", "ns2.pool.test"] });
    const drawn = Array.from({ length: 2_000 }, () => pool.draw([])?.join(",") ?? "");
    const counts = new Map<string, number>();
    for (const pair of drawn) counts.set(pair, (counts.get(pair) ?? 0) + 1);
    // 119 pairs, each drawn about 17 times in 2,000 draws; a derived pair would be drawn 2,000 times.
    expect(counts.size).toBeGreaterThan(110);
    expect(Math.max(...counts.values())).toBeLessThan(45);
  });

  it("never draws a pair that is taken for the name, in any order or case, nor the shared set", () => {
    const pool = createNameserverPool({ hosts: hosts(4), legacy: ["ns2.pool.test", "ns1.pool.test"] });
    const taken: string[][] = [];
    for (let i = 0; i < 5; i++) {
      const pair = pool.draw(taken.map((p) => [p[1].toUpperCase(), `${p[0]}.`]));
      expect(pair).not.toBeNull();
      taken.push(pair!);
    }
    const keys = taken.map((p) => p.join(","));
    expect(new Set(keys).size).toBe(5);
    expect(keys).not.toContain("ns1.pool.test,ns2.pool.test");
    expect(pool.draw(taken)).toBeNull();
  });

  it("knows its own hosts and the shared set's in an NS answer, in any case and with the root's dot", () => {
    const pool = createNameserverPool({ hosts: hosts(4), legacy: ["ns1.old.test", "ns2.old.test"] });
    expect(pool.names(["NS3.pool.test.", "ns1.elsewhere.test"])).toBe(true);
    expect(pool.names(["ns2.old.test"])).toBe(true);
    expect(pool.names(["ns1.elsewhere.test", "ns2.elsewhere.test"])).toBe(false);
  });

  it("stores pairs in one order (ns3 before ns10), so equal pairs are equal arrays", () => {
    expect(canonicalHosts(["NS10.pool.test.", "ns3.pool.test"])).toEqual(["ns3.pool.test", "ns10.pool.test"]);
    expect(
      sameHosts(["ns10.pool.test", "ns3.pool.test", "ns3.pool.test"], ["ns3.pool.test.", "NS10.pool.test"]),
    ).toBe(true);
    expect(sameHosts(["ns3.pool.test"], ["ns3.pool.test", "ns10.pool.test"])).toBe(false);
  });

  it("refuses a pool of fewer than two hosts", () => {
    expect(() => createNameserverPool({ hosts: ["ns1.pool.test", "NS1.pool.test."], legacy: [] })).toThrow();
  });
});

describe("PARKING_NAMESERVER_POOL and PARKING_NAMESERVERS", () => {
  it("default to 16 hosts (119 pairs to give) and the shared pair of earlier versions", () => {
    const pool = parseConfig({}).nameserverPool;
    expect(pool.size).toBe(119);
    expect(pool.legacy).toEqual(["ns1.parkpilot.net", "ns2.parkpilot.net"]);
  });

  it("refuse at start a host that is not a host name, and a pool with no pair but the shared one", () => {
    expect(() => parseConfig({ PARKING_NAMESERVER_POOL: "ns1.pool.test,not a host" })).toThrow(
      /PARKING_NAMESERVER_POOL: expected host names like ns1\.example\.net, not not a host/,
    );
    expect(() => parseConfig({ PARKING_NAMESERVER_POOL: "ns1.pool.test" })).toThrow(StartupError);
    expect(() =>
      parseConfig({
        PARKING_NAMESERVER_POOL: "ns1.pool.test,ns2.pool.test",
        PARKING_NAMESERVERS: "ns2.pool.test,ns1.pool.test",
      }),
    ).toThrow(/forms no pair but PARKING_NAMESERVERS/);
  });
});
