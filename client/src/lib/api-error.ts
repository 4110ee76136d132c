import type { ErrorBody, ErrorCode, PlanLimitDetail } from "@shared/errors";

/** One field's refusal as the server names it: the path into the request body and why. */
export type ApiIssue = NonNullable<ErrorBody["issues"]>[number];

/**
 * A refused request, with the answer's shape kept: the HTTP status, the server's `code` and
 * `message`, and the field `issues` of a validation failure. Thrown by `apiRequest` alone.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly issues: ApiIssue[];
  /** A plan limit's detail (`code` PLAN_LIMIT): the limit reached and the plan that lifts it. */
  readonly limit: PlanLimitDetail | undefined;

  constructor(init: {
    status: number;
    message: string;
    code?: ErrorCode;
    issues?: ApiIssue[];
    limit?: PlanLimitDetail;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues ?? [];
    this.limit = init.limit;
  }

  /** Reads a non-OK answer: the JSON error body when there is one, else its text or status text. */
  static async fromResponse(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => "");
    const body = parseErrorBody(text);
    if (body) return new ApiError({ status: res.status, ...body });
    return new ApiError({ status: res.status, message: text.trim() || res.statusText });
  }
}

function parseErrorBody(text: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object") return null;
    const { message, code, issues, limit } = parsed as Partial<ErrorBody>;
    if (typeof message !== "string") return null;
    return {
      message: message.trim(),
      code,
      issues: Array.isArray(issues) ? issues : undefined,
      limit: limit && typeof limit === "object" ? limit : undefined,
    };
  } catch {
    return null;
  }
}

/** The server's reason for a refused request, or `fallback` for anything else (a lost connection, a bug). */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** Like `apiErrorMessage`, but any other error's own message is shown too (before `fallback`). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message.trim() : fallback;
}
