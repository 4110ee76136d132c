import type { RequestHandler, Response } from "express";
import type { TApiKeyScope } from "../../../shared/api/api-keys";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { type ApiCaller, createKeyAuthenticator } from "./authenticate-key";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The IETF draft's headers (draft-ietf-httpapi-ratelimit-headers): the policies, and what is
 * left of each with the seconds until it resets. An unlimited plan has only the burst policy.
 */
function setRateLimitHeaders(res: Response, caller: ApiCaller, burstPerSecond: number) {
  const { plan, metered } = caller;
  const policies = [`"burst";q=${burstPerSecond};w=1`];
  const limits = [`"burst";r=${Math.max(0, burstPerSecond - metered.burstUsed)};t=1`];
  if (plan.limit !== null) {
    const window = Math.round((plan.periodEnd.getTime() - plan.periodStart.getTime()) / 1000);
    const reset = Math.max(1, Math.ceil((plan.periodEnd.getTime() - plan.now.getTime()) / 1000));
    policies.push(`"monthly";q=${plan.limit};w=${window}`);
    limits.push(`"monthly";r=${Math.max(0, plan.limit - metered.used)};t=${reset}`);
  }
  res.setHeader("RateLimit-Policy", policies.join(", "));
  res.setHeader("RateLimit", limits.join(", "));
}

/**
 * Authenticates `/api/v1` by `Authorization: Bearer <key>` alone (no cookie is read there, so no
 * CSRF), meters the call and answers 429 with `Retry-After` over the burst or the quota.
 */
export function bearerAuth(options: { db: Db; burstPerSecond: number }): RequestHandler {
  const { burstPerSecond } = options;
  const authenticate = createKeyAuthenticator(options);
  return async (req, res, next) => {
    const token = BEARER.exec(req.get("authorization") ?? "")?.[1];
    if (!token) {
      return next(new AppError("UNAUTHORIZED", "Send your API key as Authorization: Bearer <key>."));
    }
    const caller = await authenticate(token);
    setRateLimitHeaders(res, caller, burstPerSecond);
    if (caller.metered.refused === "burst") {
      return next(
        new AppError(
          "TOO_MANY_REQUESTS",
          `More than ${burstPerSecond} calls in one second with this key. Slow down.`,
          {
            retryAfterSeconds: 1,
          },
        ),
      );
    }
    if (caller.metered.refused === "quota") {
      const wait = Math.max(
        1,
        Math.ceil((caller.plan.periodEnd.getTime() - caller.plan.now.getTime()) / 1000),
      );
      return next(
        new AppError(
          "TOO_MANY_REQUESTS",
          `This plan's ${caller.plan.limit} calls for the period are used up. They renew on ${caller.plan.periodEnd.toISOString().slice(0, 10)}.`,
          { retryAfterSeconds: wait },
        ),
      );
    }
    res.locals.apiCaller = caller;
    next();
  };
}

/** The caller `bearerAuth` authenticated. */
export function apiCaller(res: Response): ApiCaller {
  const caller = res.locals.apiCaller as ApiCaller | undefined;
  if (!caller) throw new AppError("UNAUTHORIZED", "Send your API key as Authorization: Bearer <key>.");
  return caller;
}

/** Refuses a key without the scope: `write` for every change, `read` for every read. */
export function requireScope(scope: TApiKeyScope): RequestHandler {
  return (_req, res, next) => {
    if (!apiCaller(res).scopes.includes(scope)) {
      return next(new AppError("FORBIDDEN", `This API key does not have the ${scope} scope.`));
    }
    next();
  };
}
