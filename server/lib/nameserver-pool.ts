import { randomInt } from "node:crypto";

/** Host names compared the way NS answers are: lower case, without the root's trailing dot. */
export const bareHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, "");

const natural = new Intl.Collator("en", { numeric: true });

/**
 * A set of nameservers in the one order it is stored and compared in (natural order, so ns3
 * comes before ns10): two rows hold the same pair exactly when their arrays are equal.
 */
export const canonicalHosts = (hosts: string[]): string[] =>
  [...new Set(hosts.map(bareHost))].sort(natural.compare);

export const sameHosts = (a: string[], b: string[]) => {
  const [x, y] = [canonicalHosts(a), canonicalHosts(b)];
  return x.length === y.length && x.every((host, i) => host === y[i]);
};

/**
 * The nameserver pairs the platform hands out, formed from a pool of host names: with n hosts,
 * n·(n−1)/2 pairs. A name's pair is drawn at random when an account adds it, never derived from
 * the account, so nobody can tell in advance which pair another account will be given
 * (docs/decisions/0013-a-random-nameserver-pair-per-name.md); it is never a pair another account
 * holds or held for the same name: the caller says which pairs those are.
 */
export interface NameserverPool {
  /** How many pairs the pool can form, the shared set of earlier versions left out. */
  readonly size: number;
  /** The shared nameservers of earlier versions: never handed out as a pair. */
  readonly legacy: string[];
  /** A pair drawn at random among those not `taken`; null when every pair is taken. */
  draw(taken: string[][]): string[] | null;
  /** Whether any of `hosts` (an NS answer) is one of the pool's hosts or the shared set's. */
  names(hosts: string[]): boolean;
}

export function createNameserverPool(options: { hosts: string[]; legacy: string[] }): NameserverPool {
  const hosts = canonicalHosts(options.hosts);
  const legacy = canonicalHosts(options.legacy);
  if (hosts.length < 2) throw new Error("A nameserver pool needs at least two host names.");
  const formed = (hosts.length * (hosts.length - 1)) / 2;
  const legacyKey = legacy.join(",");
  const ours = new Set([...hosts, ...legacy]);

  // Pair k in the order (0,1), (0,2) … (0,n−1), (1,2) …, without listing them all.
  const pairAt = (k: number): string[] => {
    let i = 0;
    let rest = k;
    while (rest >= hosts.length - 1 - i) {
      rest -= hosts.length - 1 - i;
      i += 1;
    }
    return [hosts[i], hosts[i + 1 + rest]];
  };

  const draw = (taken: string[][]): string[] | null => {
    const used = new Set(taken.map((pair) => canonicalHosts(pair).join(",")));
    used.add(legacyKey);
    // A few draws find a free pair while most are free; past that, one draw among the free ones.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const pair = pairAt(randomInt(formed));
      if (!used.has(pair.join(","))) return pair;
    }
    const free = Array.from({ length: formed }, (_, k) => pairAt(k)).filter((p) => !used.has(p.join(",")));
    return free.length > 0 ? free[randomInt(free.length)] : null;
  };

  return {
    size: formed - (legacy.length === 2 && legacy.every((host) => hosts.includes(host)) ? 1 : 0),
    legacy,
    draw,
    names: (answer) => answer.some((host) => ours.has(bareHost(host))),
  };
}
