import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { BlockList } from "node:net";
import type { Reader } from "mmdb-lib";
import type { CountryResponse } from "mmdb-lib/lib/reader/response";
import { requireOnce } from "./load-once";

/** The package's records hold only `country_code`; the reader's types name MaxMind's shapes. */
type CountryRow = CountryResponse & { country_code?: string };

/**
 * Country-level place of an address, from a database that ships as a package (geo-whois-asn
 * country, CC BY 4.0 NRO data): read once, on first use, and never over the network.
 */
const DATABASE = "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb";

let reader: Reader<CountryRow> | null | undefined;
/** The reader's library, loaded with the first address placed rather than with every start. */
const mmdb = requireOnce<typeof import("mmdb-lib")>("mmdb-lib");

/** Private and shared ranges are in no country, whatever the registry data says of them. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv4");
}
const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

function openReader() {
  try {
    const file = createRequire(import.meta.url).resolve(DATABASE);
    return new (mmdb().Reader)<CountryRow>(readFileSync(file));
  } catch {
    // Without the database the session list simply shows no place.
    return null;
  }
}

/** "US" for an address there; null for private, loopback or unknown addresses. */
export function countryCodeOf(address: string | null | undefined): string | null {
  if (!address) return null;
  reader ??= openReader();
  if (!reader) return null;
  const plain = address.replace(/^::ffff:/, "");
  try {
    if (PRIVATE.check(plain, "ipv4")) return null;
    return reader.get(plain)?.country_code ?? null;
  } catch {
    return null;
  }
}

/** A country's English name from its ISO code ("US" → "United States"). */
export function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "United States" for an address there; null for private, loopback or unknown addresses. */
export function placeOf(address: string | null | undefined): string | null {
  const code = countryCodeOf(address);
  return code ? countryName(code) : null;
}
