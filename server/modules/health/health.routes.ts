import type { RequestHandler } from "express";
import { HEALTH_PATHS } from "../../../shared/api/health";
import type { Database } from "../../db/pool";
import { type FastPath, flatHeaders, pathOf } from "../../http/fast-paths";

export interface HealthDeps {
  database: Pick<Database, "engine">;
}

/** The same small JSON every time, written once (no serializing, no ETag: no one may keep the answer). */
function answerOf(deps: HealthDeps) {
  const body = JSON.stringify({ status: "ok", engine: deps.database.engine });
  const headers: [string, string][] = [
    ["Cache-Control", "no-store"],
    ["Content-Type", "application/json; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
  ];
  return { body, headers };
}

/** `GET /api/health` through Express: the path as Express matches it (a trailing slash, any case). */
export function healthCheck(deps: HealthDeps): RequestHandler {
  const { body, headers } = answerOf(deps);
  return (_req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.end(body);
  };
}

/**
 * `GET /api/health` as load balancers ask it, many times a minute: answered before Express
 * (`server/http/fast-paths.ts`) with the security headers every answer carries, the same bytes
 * as `healthCheck`'s.
 */
export function healthFastPath(deps: HealthDeps, securityHeaders: readonly [string, string][]): FastPath {
  const { body, headers } = answerOf(deps);
  const all = flatHeaders([...securityHeaders, ...headers]);
  return (req, res) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || pathOf(req) !== HEALTH_PATHS.health) return false;
    res.writeHead(200, all);
    res.end(body);
    return true;
  };
}
