import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A local HTTP server on a free port answering with `handle`; every request is kept in `requests`. */
export async function startFakeHttp(handle: (req: FakeRequest, res: ServerResponse) => unknown, port = 0) {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const request = {
        method: req.method ?? "GET",
        url: new URL(req.url ?? "/", "http://fake"),
        headers: req.headers,
        body,
      };
      requests.push(request);
      Promise.resolve(handle(request, res)).catch((error) => {
        res.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  res
    .writeHead(status, { "Content-Type": "application/json", ...headers })
    .end(body === undefined ? "" : JSON.stringify(body));

export const sendXml = (res: ServerResponse, body: string) =>
  res
    .writeHead(200, { "Content-Type": "text/xml; charset=utf-8" })
    .end(`<?xml version="1.0" encoding="utf-8"?>\n${body}`);

export const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
