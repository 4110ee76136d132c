import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Window as HappyWindow } from "happy-dom";
import { afterAll, beforeAll } from "vitest";

/** What a test's server received: method, path, headers and the JSON body (if any). */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

type Handler = (req: Received, res: ServerResponse) => void;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** Answers `status` with a JSON body, as the API does. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** Answers every GET with `read` and every other request with `[status, body]`. */
export function answerReadsWith(read: unknown, [status, body]: [number, unknown]): Handler {
  return (req, res) => (req.method === "GET" ? sendJson(res, 200, read) : sendJson(res, status, body));
}

/**
 * A real HTTP server on a free loopback port for the file's tests; the page's address is set to
 * it so the client's relative paths (`/api/…`) reach it as same-origin requests. Each test sets
 * the answer with `server.handle(…)`; `server.received` lists what came in.
 */
export function localServerForFile() {
  let handler: Handler = (_req, res) => sendJson(res, 404, { message: "No handler", code: "NOT_FOUND" });
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const entry = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: await readBody(req),
    };
    received.push(entry);
    handler(entry, res);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    (window as unknown as HappyWindow).happyDOM.setURL(`http://127.0.0.1:${port}/`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    received,
    handle(next: Handler) {
      handler = next;
      received.length = 0;
    },
  };
}
