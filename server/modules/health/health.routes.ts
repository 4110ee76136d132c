import type { RequestHandler } from "express";
import type { Database } from "../../db/pool";

export interface HealthDeps {
  database: Pick<Database, "engine">;
}

/**
 * `GET /api/health`: the same small JSON every time, so it is written once and each poll sends
 * it as it is (no serializing, no ETag: no one may keep the answer).
 */
export function healthCheck(deps: HealthDeps): RequestHandler {
  const body = JSON.stringify({ status: "ok", engine: deps.database.engine });
  const length = String(Buffer.byteLength(body));
  return (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Length", length);
    res.end(body);
  };
}
