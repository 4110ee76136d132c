import type { Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { InFlight } from "../lib/in-flight";
import { AppError } from "./app-error";

interface Schemas {
  /** When true the route is for signed-in users only: a signed-out request is refused with 401 before any input is read. */
  auth?: boolean;
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The status of an answer with a body (200 unless told); an answer without one is 204. */
  status?: number;
}

type Parsed<S extends Schemas, K extends "body" | "params" | "query"> = S[K] extends z.ZodType
  ? z.output<S[K]>
  : undefined;

export interface HandlerContext<S extends Schemas> {
  body: Parsed<S, "body">;
  params: Parsed<S, "params">;
  query: Parsed<S, "query">;
  /** The signed-in user's id when the route says `auth: true`. */
  userId: S["auth"] extends true ? string : undefined;
  req: Request;
  res: Response;
}

/**
 * The handlers still at work, whether or not their client is still there: a client that hangs up
 * ends its connection, not the work its request started, so a stop waits for these (and what
 * they hand on) before the database closes.
 */
const atWork = new InFlight();

/** Resolves once no handler is at work (a stop, after the server stopped taking requests). */
export function handlersSettled(): Promise<void> {
  return atWork.settled();
}

/**
 * A route in three steps: check the session when `auth` is set, parse the input with the shared
 * schemas (a ZodError becomes a 400), call the service, send what it returns as JSON with
 * `status` (204 when it returns nothing).
 *
 * `handler({ auth: true, body: ZGoalBody, status: 201 }, ({ userId, body }) => createGoal(...))`
 */
export function handler<S extends Schemas>(
  schemas: S,
  fn: (ctx: HandlerContext<S>) => unknown | Promise<unknown>,
): RequestHandler {
  const status = schemas.status ?? 200;
  return async (req, res) => {
    const ctx = {
      userId: schemas.auth ? userId(req) : undefined,
      body: schemas.body ? schemas.body.parse(req.body ?? {}) : undefined,
      params: schemas.params ? schemas.params.parse(req.params) : undefined,
      query: schemas.query ? schemas.query.parse(req.query) : undefined,
      req,
      res,
    } as HandlerContext<S>;
    const result = await atWork.track(Promise.resolve(fn(ctx)));
    if (res.headersSent) return;
    if (result === undefined) res.status(204).end();
    else res.status(status).json(result);
  };
}

/** Whose portfolio a team member's request works in, set by the role policy (docs/security.md#team-seats). */
export interface PortfolioContext {
  ownerId: string;
  /** The signed-in member who acts. */
  actorId: string;
  role: "viewer" | "manager";
}

declare module "express-serve-static-core" {
  interface Request {
    /** Set only while a member works in someone else's portfolio, on a route their role reaches. */
    portfolio?: PortfolioContext;
  }
}

/**
 * Whose data the request reads and changes: the signed-in user's, or, for a team member working
 * in someone else's portfolio, that portfolio owner's. A signed-out request is refused with 401.
 */
export function userId(req: Request): string {
  const id = actorId(req);
  return req.portfolio?.ownerId ?? id;
}

/** The signed-in person, whoever's portfolio they work in (for the audit log and their own account). */
export function actorId(req: Request): string {
  const id = req.session?.userId;
  if (!id) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
  return id;
}

export const requireUser: RequestHandler = (req, _res, next) => {
  userId(req);
  next();
};
