import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePurge {
  zoneId: string;
  authorization: string | undefined;
  body: {
    tags?: string[];
    files?: string[];
    hosts?: string[];
    prefixes?: string[];
    purge_everything?: boolean;
  };
}

/**
 * A local stand-in for Cloudflare's API v4 cache purge (`POST /zones/{zone_id}/purge_cache`),
 * answering in Cloudflare's envelope: a request without the zone's bearer token is refused as
 * Cloudflare refuses it (403, `success: false`, error code 10000).
 */
export async function startFakeCloudflare(options: { zoneId: string; apiToken: string }) {
  const purges: FakePurge[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const match = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/.exec(req.url ?? "");
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || !match) {
        send(404, {
          success: false,
          errors: [{ code: 7003, message: "No route for that URI" }],
          messages: [],
          result: null,
        });
        return;
      }
      if (req.headers.authorization !== `Bearer ${options.apiToken}` || match[1] !== options.zoneId) {
        send(403, {
          success: false,
          errors: [{ code: 10000, message: "Authentication error" }],
          messages: [],
          result: null,
        });
        return;
      }
      purges.push({
        zoneId: match[1],
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
      });
      send(200, { success: true, errors: [], messages: [], result: { id: randomBytes(16).toString("hex") } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/client/v4`,
    purges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
