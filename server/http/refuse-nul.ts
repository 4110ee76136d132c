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

/**
 * PostgreSQL text cannot hold a NUL character: a body or a query string with one (a search such as
 * `?q=%00`) is refused before any query sees it.
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  if (containsNul(req.body) || containsNul(req.query))
    return next(new AppError("BAD_REQUEST", "Text may not contain NUL characters"));
  next();
};
