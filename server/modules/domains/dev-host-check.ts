import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import type { Db } from "../../db/pool";
import type { Logger } from "../../lib/logger";
import { findVerifiedDomain } from "./verified-host";

/** The host name of a Host header, lowercase, without port or IPv6 brackets; "" when unreadable. */
function hostnameOf(header: string | undefined): string {
  if (!header) return "";
  try {
    return new URL(`http://${header}`).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return "";
  }
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end(message);
}

/**
 * Development only, in front of the whole app (docs/security.md#trust-at-the-edge). A web page can point its own domain
 * at 127.0.0.1 (DNS rebinding) and then read this server as its own origin; so a request is
 * served only when its Host is this machine (localhost, a *.localhost name or an address), the
 * PUBLIC_URL host, or a verified parked domain, which gets the landing page as in production.
 * This replaces the dev server's own check, which knows nothing of parked domains.
 */
export function devHostCheck(options: { db: Db; publicUrl?: string; logger: Logger }) {
  const publicHost = options.publicUrl ? hostnameOf(new URL(options.publicUrl).host) : "";
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const host = hostnameOf(req.headers.host);
    if (host === "localhost" || host.endsWith(".localhost") || isIP(host) || (host && host === publicHost)) {
      next();
      return;
    }
    if (!host) {
      refuse(res, 400, "Bad request: the Host header is missing or unreadable.");
      return;
    }
    findVerifiedDomain(options.db, host).then(
      (domain) =>
        domain
          ? next()
          : refuse(
              res,
              403,
              `Blocked request: ${host} is not localhost nor a verified parked domain, so the development server does not answer it.`,
            ),
      (error: unknown) => {
        options.logger.error({ err: error, host }, "host check failed");
        refuse(res, 503, "The host could not be checked; try again.");
      },
    );
  };
}
