import { Writable } from "node:stream";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../setup/test-app";

/** Each entry the app's logger wrote, parsed. */
const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({
    customize: (deps) => Object.assign(deps, { logger: pino({ level: "info" }, sink) }),
  });
});
afterAll(() => t.close());

const requestLines = () => lines.filter((l) => l.msg === "request completed" || l.msg === "request errored");

describe("the request log", () => {
  it("writes one line a request: its id, method, full path with secrets redacted, and status", async () => {
    await request(t.app).get("/api/team/invitations/preview?token=secret-token-value").expect(400);
    await request(t.app).get("/api/auth/me").expect(401);

    const [preview, me] = requestLines().slice(-2) as {
      req: Record<string, unknown>;
      res: Record<string, unknown>;
    }[];
    expect(preview.req).toEqual({
      id: expect.anything(),
      method: "GET",
      url: "/api/team/invitations/preview?token=[redacted]",
    });
    expect(preview.res).toEqual({ statusCode: 400 });
    expect(me.req).toMatchObject({ method: "GET", url: "/api/auth/me" });
    expect(me.req.id).not.toEqual(preview.req.id);
    expect(JSON.stringify(lines)).not.toContain("secret-token-value");
  });

  it("leaves health checks out", async () => {
    const before = requestLines().length;
    await request(t.app).get("/api/health").expect(200);
    expect(requestLines().length).toBe(before);
  });
});
