import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** What a buyer received: the parsed body, whether its signature held, and its idempotency key. */
export interface Received {
  body: Record<string, unknown>;
  signed: boolean;
  idempotencyKey?: string;
}

type Answer = { status?: number; json?: unknown; delayMs?: number };

/**
 * A lead buyer on loopback speaking the ping-post protocol: it checks each request's signature
 * with its secret, records what it received, and answers as told (a bid, a rejection, a delay).
 */
export interface BuyerServer {
  pingUrl: string;
  postUrl: string;
  secret: string;
  pings: Received[];
  posts: Received[];
  close(): Promise<void>;
}

export async function startBuyer(options: {
  secret?: string;
  ping: (body: Record<string, unknown>) => Answer;
  post?: (body: Record<string, unknown>) => Answer;
}): Promise<BuyerServer> {
  const secret = options.secret ?? `secret-${Math.random().toString(36).slice(2)}-buyer`;
  const pings: Received[] = [];
  const posts: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      const expected = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
      const received: Received = {
        body,
        signed: req.headers["x-parkpilot-signature"] === expected,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      };
      const isPing = req.url === "/ping";
      (isPing ? pings : posts).push(received);
      const answer = isPing
        ? options.ping(body)
        : (options.post?.(body) ?? { json: { accepted: true, buyerLeadId: `b-${body.leadId}` } });
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
        res.end(JSON.stringify(answer.json ?? {}));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    pingUrl: `${base}/ping`,
    postUrl: `${base}/post`,
    secret,
    pings,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on loopback where nothing listens: a buyer that is down. */
export async function downUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/ping`;
}
