import { type ErrorCode, errorStatus } from "../../shared/errors";

/** A failure the user may be told about: its code decides the status, its message is shown. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** For 429s: sent as `Retry-After`, so clients and proxies know when to come back. */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.statusCode = errorStatus[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
