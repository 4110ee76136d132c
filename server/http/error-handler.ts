import type { ErrorRequestHandler, RequestHandler } from "express";
import { type core, ZodError } from "zod";
import type { ErrorBody } from "../../shared/errors";
import type { Logger } from "../lib/logger";
import { AppError } from "./app-error";

/** Body-parser and other http-errors carry a 4xx `status` and a safe `type`. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

const httpMessages: Record<string, string> = {
  "entity.too.large": "Request body is too large",
  "entity.parse.failed": "Malformed JSON body",
  "encoding.unsupported": "Unsupported content encoding",
  "charset.unsupported": "Unsupported charset",
};

/**
 * PostgreSQL's "out of range" refusals (numeric field overflow, a date past its range). Every
 * input is bounded before it reaches the database; this is the last line of defence, so a bound
 * someone forgot is a 422 and not a 500.
 */
const PG_OUT_OF_RANGE = new Set(["22003", "22008"]);

function postgresCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}

type Issue = { path: PropertyKey[]; message: string; code: string };

/**
 * The issues a client can act on. A body that matches no shape of a union fails as one
 * "invalid_union" issue that says nothing; it is replaced by the issues of the shape the body came
 * closest to: the fewest issues, each key that shape does not know counting twice (a body written
 * for a shape names its keys). `{domainId, kind: "lease", months: 7}` is thus told to choose a
 * term, not that `kind` is unknown.
 */
export function closestIssues(issues: readonly core.$ZodIssue[], at: PropertyKey[] = []): Issue[] {
  return issues.flatMap((issue): Issue[] => {
    const path = [...at, ...issue.path];
    if (issue.code !== "invalid_union" || issue.errors.length === 0)
      return [{ path, message: issue.message, code: issue.code }];
    const distance = (branch: readonly core.$ZodIssue[]) =>
      branch.reduce((sum, i) => sum + (i.code === "unrecognized_keys" ? 2 * i.keys.length : 1), 0);
    const closest = issue.errors.reduce((best, branch) =>
      distance(branch) < distance(best) ? branch : best,
    );
    return closestIssues(closest, path);
  });
}

/** "Invalid input: <the first issue>", said once even where the issue begins with it already. */
const invalidInput = (first: string | undefined) =>
  !first ? "Invalid input" : first.startsWith("Invalid input") ? first : `Invalid input: ${first}`;

/** The one place that turns a thrown error into an answer; nothing but a 500 is ever logged as an error. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    const send = (status: number, body: ErrorBody) => res.status(status).json(body);
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) res.setHeader("Retry-After", String(err.retryAfterSeconds));
      return send(err.statusCode, {
        message: err.message,
        code: err.code,
        ...(err.limit ? { limit: err.limit } : {}),
      });
    }
    if (err instanceof ZodError) {
      const issues = closestIssues(err.issues);
      return send(400, {
        message: invalidInput(issues[0]?.message),
        code: "BAD_REQUEST",
        issues: issues.map((i) => ({
          path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
          message: i.message,
        })),
      });
    }
    const http = err as HttpLikeError;
    const status = http.status ?? http.statusCode;
    if (status && status >= 400 && status < 500) {
      return send(status, {
        message: httpMessages[http.type ?? ""] ?? (http.expose ? String(err.message) : "Bad request"),
      });
    }
    const pgCode = postgresCode(err);
    if (pgCode && PG_OUT_OF_RANGE.has(pgCode)) {
      logger.warn({ pgCode, method: req.method, path: req.path }, "value out of the database's range");
      return send(422, { message: "A number or date is out of range", code: "UNPROCESSABLE" });
    }
    logger.error({ err, method: req.method, path: req.path }, "unhandled error");
    return send(500, { message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res
    .status(404)
    .json({ message: `No API route for ${req.method} ${req.path}`, code: "NOT_FOUND" } satisfies ErrorBody);
};
