import type { IncomingMessage } from "node:http";
import express from "express";
import fc from "fast-check";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { answeringFirst, type FastPath, hostnameOf, pathOf } from "./fast-paths";

/** A request as Express reads it (its `hostname` and `path` getters), for the app's trust setting. */
function expressRequest(
  trustProxy: unknown,
  raw: { url: string; headers: Record<string, string>; remote: string },
) {
  const app = express();
  app.set("trust proxy", trustProxy);
  const req = Object.create(app.request) as express.Request;
  Object.assign(req, { url: raw.url, headers: raw.headers, socket: { remoteAddress: raw.remote } });
  return { req, trust: app.get("trust proxy fn") };
}

const label = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const hostValue = fc.oneof(
  fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => labels.join(".")),
  fc.tuple(label, fc.integer({ min: 1, max: 65_535 })).map(([name, port]) => `${name}.test:${port}`),
  fc.constantFrom("[::1]", "[::1]:8080", "127.0.0.1:5000", "", " spaced.test ", "UPPER.Test"),
);
const forwardedHost = fc.oneof(
  fc.constant(undefined),
  hostValue,
  fc.tuple(hostValue, hostValue).map(([a, b]) => `${a} , ${b}`),
);

describe("what a fast path reads of a request, as Express reads it", () => {
  it("the host, with X-Forwarded-Host only from a trusted proxy, for any Host, forwarded host and trust setting", () => {
    fc.assert(
      fc.property(
        hostValue,
        forwardedHost,
        fc.constantFrom("127.0.0.1", "::1", "203.0.113.9", "10.1.2.3"),
        fc.constantFrom<unknown>(false, true, "loopback", 1, "10.0.0.0/8"),
        (host, forwarded, remote, trustProxy) => {
          const headers: Record<string, string> = { host };
          if (forwarded !== undefined) headers["x-forwarded-host"] = forwarded;
          const { req, trust } = expressRequest(trustProxy, { url: "/", headers, remote });
          expect(hostnameOf(req as IncomingMessage, trust)).toBe(req.hostname);
        },
      ),
    );
  });

  it("the path: a request it takes for / or the health check is that path to Express too", () => {
    const segment = fc.constantFrom("", "/", "api", "health", "?", "#", "%2F", "x=1", "&", " ", "//");
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (parts) => {
        for (const url of [`/${parts.join("")}`, `/api/health${parts.join("")}`]) {
          const { req } = expressRequest(false, { url, headers: {}, remote: "127.0.0.1" });
          const path = pathOf(req as IncomingMessage);
          if (path === "/" || path === "/api/health") expect(req.path).toBe(path);
        }
      }),
    );
  });
});

describe("an app answering first", () => {
  /** An app whose one route answers "express", with `paths` tried before it; `reached` counts its requests. */
  function appWith(paths: FastPath[]) {
    const app = express();
    const reached = { count: 0 };
    app.get("/", (_req, res) => {
      reached.count++;
      res.send("express");
    });
    return { app: answeringFirst(app, paths), reached };
  }

  it("answers from the first fast path that takes the request, and gives Express the rest", async () => {
    const fast: FastPath = (req, res) => {
      if (req.headers["x-fast"] !== "yes") return false;
      res.writeHead(200, ["Content-Type", "text/plain"]);
      res.end("fast");
      return true;
    };
    const { app, reached } = appWith([() => false, fast]);
    expect((await request(app).get("/").set("X-Fast", "yes")).text).toBe("fast");
    expect(reached.count).toBe(0);
    expect((await request(app).get("/")).text).toBe("express");
    expect(reached.count).toBe(1);
  });

  it("gives Express a request whose fast path threw before writing, and cuts one that threw after", async () => {
    const throwsFirst: FastPath = (req, res) => {
      if (req.headers["x-after"]) {
        res.writeHead(200, ["Content-Type", "text/plain"]);
        res.write("half");
      }
      throw new Error("a fast path's bug");
    };
    const { app, reached } = appWith([throwsFirst]);
    const answer = await request(app).get("/");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("express");
    expect(reached.count).toBe(1);
    await expect(request(app).get("/").set("X-After", "1")).rejects.toThrow();
    expect(reached.count).toBe(1);
  });
});
