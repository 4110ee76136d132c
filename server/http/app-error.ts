import { type ErrorCode, errorStatus, type PlanLimitDetail } from "../../shared/errors";

/** A failure the user may be told about: its code decides the status, its message is shown. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** For 429s: sent as `Retry-After`, so clients and proxies know when to come back. */
  readonly retryAfterSeconds?: number;
  /** For PLAN_LIMIT: the limit reached and the plan that lifts it, sent as the answer's `limit`. */
  readonly limit?: PlanLimitDetail;

  constructor(
    code: ErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; limit?: PlanLimitDetail } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.statusCode = errorStatus[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.limit = options.limit;
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
