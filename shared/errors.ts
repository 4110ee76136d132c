/** Error codes the API answers with, each with its one HTTP status. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** The last sign-in is too old for this change: confirm the password (and code) again. */
  REAUTH_REQUIRED: 403,
  /** The account's plan does not allow this: the answer's `limit` says which and what lifts it. */
  PLAN_LIMIT: 403,
  /** The feature or range needs a paid plan; the message names the plan that unlocks it. */
  PLAN_REQUIRED: 403,
  /** A team member's role in the portfolio they are working in does not allow this. */
  ROLE_FORBIDDEN: 403,
  /** The member was removed from the portfolio they were working in: they are back in their own. */
  PORTFOLIO_ACCESS_ENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The thing existed but is over for good (an invitation accepted, withdrawn or expired). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  PAYMENT_FAILED: 402,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** A `PLAN_LIMIT` refusal's detail: the limit reached and the cheapest plan that lifts it. */
export interface PlanLimitDetail {
  /** The limit's key in the plan table, e.g. "domains". */
  key: string;
  /** The plan's limit. */
  limit: number;
  /** What the account uses of it now. */
  used: number;
  /** The account's plan. */
  plan: string;
  /** The cheapest plan that allows it, or null when none does. */
  upgradeTo: { id: string; label: string; limit: number | null } | null;
}

/**
 * The shape of every error answer: `{message}`, plus `issues` for validation failures and
 * `limit` for plan limits.
 */
export interface ErrorBody {
  message: string;
  code?: ErrorCode;
  issues?: { path: (string | number)[]; message: string }[];
  limit?: PlanLimitDetail;
}
