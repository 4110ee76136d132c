import http from "node:http";
import { startFakeGoDaddy } from "../fakes/godaddy";
import { E2E_DNS_CONTROL_PORT, E2E_DNS_PORT, startDnsServer } from "../setup/dns-server";
import { E2E_GODADDY, E2E_GODADDY_PORT } from "./registrar";

/**
 * Starts the browser tests' DNS server on a fixed loopback port (the app's DNS_SERVERS), and a
 * small HTTP endpoint beside it through which the tests, in their own processes, publish records:
 * `POST /records {name, txt?, ns?}`. Answers the teardown that stops both.
 */
export default async function startTestDns() {
  const dns = await startDnsServer({ port: E2E_DNS_PORT });
  // The registrar the app is connected to (GODADDY_API_URL): what it is told to set, the DNS answers.
  const godaddy = await startFakeGoDaddy(E2E_GODADDY, { port: E2E_GODADDY_PORT });
  godaddy.onNameservers((name, ns) => {
    dns.remove(name);
    dns.publishNs(name, ns);
  });
  const control = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/records") {
        res.writeHead(404).end();
        return;
      }
      const record = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        name: string;
        txt?: string;
        ns?: string[];
      };
      if (record.txt) dns.publishTxt(record.name, record.txt);
      if (record.ns) dns.publishNs(record.name, record.ns);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => control.listen(E2E_DNS_CONTROL_PORT, "127.0.0.1", resolve));
  return async () => {
    await new Promise((resolve) => control.close(resolve));
    await godaddy.close();
    await dns.close();
  };
}
