import { createHmac } from "node:crypto";
import ipaddr from "ipaddr.js";

/**
 * The network a client address belongs to, as one household, office or carrier gateway holds
 * it: the /24 of an IPv4 address (an IPv4-mapped IPv6 address is its IPv4), the /48 of an IPv6
 * one. Null for anything that is not an address.
 */
export function networkOf(address: string | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  const bytes = parsed.toByteArray();
  return parsed.kind() === "ipv4"
    ? `${bytes.slice(0, 3).join(".")}.0/24`
    : `${Buffer.from(bytes.slice(0, 6)).toString("hex")}::/48`;
}

/**
 * The network of an address on the public internet; null for a loopback, private, link-local or
 * other reserved address, which names a machine room or a proxy rather than anyone's network.
 */
export function publicNetworkOf(address: string | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  return ipaddr.process(address).range() === "unicast" ? networkOf(address) : null;
}

/**
 * The network as split tests store it: keyed with the app's secret, so the table says which
 * visitors share a network and nothing of where it is. An unknown address is its own network.
 */
export function networkKey(secret: string, address: string | undefined): string {
  const network = networkOf(address) ?? `unknown:${address ?? ""}`;
  return createHmac("sha256", secret).update(`network:${network}`).digest("base64url").slice(0, 16);
}
