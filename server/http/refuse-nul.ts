import type { RequestHandler } from "express";
import { AppError } from "./app-error";

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, v]) => key.includes("\u0000") || containsNul(v));
  }
  return false;
}

/** `%00` anywhere in the path: a route's parameter would decode it into a NUL. */
const NUL_IN_PATH = /%00/i;

/**
 * PostgreSQL text cannot hold a NUL character: a body, a query string (a search such as `?q=%00`)
 * or a path (an id such as `/orders/%00/capture`) with one is refused before any query sees it.
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  if (NUL_IN_PATH.test(req.path) || containsNul(req.body) || containsNul(req.query))
    return next(new AppError("BAD_REQUEST", "Text may not contain NUL characters"));
  next();
};
