import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";

/**
 * A request answered before Express: the few paths public traffic hits at a portfolio's rate
 * (the health check, a parked page already in memory). Express's own dispatch (its request and
 * response objects, the router's walk through every layer) costs more than such an answer does,
 * so a fast path answers from what it prepared and returns true, or returns false having written
 * nothing and Express takes the request as any other.
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Express's compiled `trust proxy` setting: is the address at this hop a proxy the app trusts? */
export type TrustProxy = (address: string, hop: number) => boolean;

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * `app` with `paths` tried first on every request it is given (a server's, a test's): Express's
 * app function hands each request to `app.handle`, which this wraps. A request mounted under
 * another app (given a `next`) goes to Express alone.
 */
export function answeringFirst(app: Express, paths: FastPath[]): Express {
  const target = app as unknown as { handle: Handle };
  const handle = target.handle;
  target.handle = function answer(this: unknown, req, res, next) {
    if (!next) {
      for (const path of paths) {
        try {
          if (path(req, res)) return;
        } catch (error) {
          // Nothing written yet: Express takes the request, and its error handler the error if it recurs.
          if (!res.headersSent) break;
          res.destroy(error as Error);
          return;
        }
      }
    }
    handle.call(this, req, res, next);
  };
  return app;
}

/** The request's path without its query, as Express's `req.path` reads it. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The host the request names, without its port, as Express's `req.hostname` reads it:
 * `X-Forwarded-Host` from a proxy the app trusts, else `Host`.
 */
export function hostnameOf(req: IncomingMessage, trust: TrustProxy): string | undefined {
  const forwarded = req.headers["x-forwarded-host"];
  let host = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  if (!host || !trust(req.socket.remoteAddress ?? "", 0)) host = req.headers.host;
  else if (host.includes(",")) host = host.slice(0, host.indexOf(",")).trimEnd();
  if (!host) return undefined;
  // An IPv6 literal's colons are not a port's.
  const offset = host[0] === "[" ? host.indexOf("]") + 1 : 0;
  const port = host.indexOf(":", offset);
  return port === -1 ? host : host.slice(0, port);
}

/** Name and value pairs as one flat list, the form `writeHead` takes without building an object. */
export const flatHeaders = (headers: readonly (readonly [string, string])[]): string[] => headers.flat();
