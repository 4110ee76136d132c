import type { RequestHandler } from "express";
import { AppError } from "./app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser says came from another site: a foreign
 * `Origin`, or `Sec-Fetch-Site: cross-site`. Provider webhooks are server-to-server and exempt.
 */
export function originCheck(options: { exempt: string[] }): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || options.exempt.some((p) => req.path.startsWith(p))) return next();
    if (req.get("sec-fetch-site") === "cross-site") {
      return next(new AppError("FORBIDDEN", "Cross-site request refused"));
    }
    const origin = req.get("origin");
    if (origin && origin !== "null") {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        return next(new AppError("FORBIDDEN", "Cross-site request refused"));
      }
      if (originHost !== req.get("host"))
        return next(new AppError("FORBIDDEN", "Cross-site request refused"));
    } else if (origin === "null") {
      return next(new AppError("FORBIDDEN", "Cross-site request refused"));
    }
    next();
  };
}
