import type { AddressInfo } from "node:net";
import dns2 from "dns2";

const { Packet } = dns2;

/**
 * The browser tests' DNS server (the built app is started pointing at it) and its control port;
 * E2E_DNS_PORT moves both (the control port is the next one), so two runs can share a machine.
 */
export const E2E_DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 5391);
export const E2E_DNS_CONTROL_PORT = E2E_DNS_PORT + 1;

/** A plain answer record: the packet encodes it by type (the typings want a parsed record). */
const record = (fields: Record<string, unknown>) => fields as unknown as dns2.Packet.Resource;

interface Zone {
  txt: string[];
  ns: string[];
}

/**
 * A real DNS server on loopback (UDP) that answers TXT and NS questions from records a test
 * publishes: the app looks them up through node's resolver exactly as in production, with
 * `DNS_SERVERS` pointing here. Unknown names are NXDOMAIN.
 */
export async function startDnsServer(options: { port?: number } = {}) {
  const zones = new Map<string, Zone>();
  const zoneOf = (name: string) => {
    const key = name.toLowerCase().replace(/\.$/, "");
    const zone = zones.get(key) ?? { txt: [], ns: [] };
    zones.set(key, zone);
    return zone;
  };
  let queries = 0;
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      queries += 1;
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const zone = zones.get(question.name.toLowerCase().replace(/\.$/, ""));
      if (!zone) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question.type === Packet.TYPE.TXT) {
        for (const data of zone.txt) {
          response.answers.push(
            record({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data }),
          );
        }
      } else if (question.type === Packet.TYPE.NS) {
        for (const ns of zone.ns) {
          response.answers.push(
            record({ name: question.name, type: Packet.TYPE.NS, class: Packet.CLASS.IN, ttl: 60, ns }),
          );
        }
      }
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port: options.port ?? 0, address: "127.0.0.1" } });
  const port = (listening.udp as AddressInfo).port;

  return {
    port,
    /** For `DNS_SERVERS`. */
    address: `127.0.0.1:${port}`,
    /** How many questions it has answered. */
    get queries() {
      return queries;
    },
    publishTxt(name: string, value: string) {
      zoneOf(name).txt.push(value);
    },
    publishNs(name: string, hosts: string[]) {
      zoneOf(name).ns.push(...hosts);
    },
    /** Takes every record of `name` down: the name no longer exists. */
    remove(name: string) {
      zones.delete(name.toLowerCase().replace(/\.$/, ""));
    },
    close: () => server.close(),
  };
}

export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;

/** What the app needs to ask `dns` about domains, giving out pairs of `pool` (`legacy` the old shared pair). */
export const nameserverEnv = (dns: DnsServer, pool: string[], legacy: string[]) => ({
  DNS_SERVERS: dns.address,
  PARKING_NAMESERVER_POOL: pool.join(","),
  PARKING_NAMESERVERS: legacy.join(","),
});
