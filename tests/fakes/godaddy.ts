import { sendJson, startFakeHttp } from "./http";

export interface FakeGoDaddyDomain {
  domain: string;
  expires: string;
  renewAuto: boolean;
  locked: boolean;
  privacy: boolean;
  nameServers: string[];
  status: string;
}

/**
 * A local stand-in for GoDaddy's Domains API v1 (developer.godaddy.com/doc/endpoint/domains):
 * `Authorization: sso-key KEY:SECRET` on every call (401 UNABLE_TO_AUTHENTICATE otherwise);
 * `GET /v1/domains` sorted by name and paged by `limit` and `marker` (the names after it);
 * `PATCH /v1/domains/{domain}` with `{nameServers}`; 429 TOO_MANY_REQUESTS with `retryAfterSec`.
 */
export async function startFakeGoDaddy(
  account: { key: string; secret: string },
  options: { port?: number } = {},
) {
  const domains: FakeGoDaddyDomain[] = [];
  const throttleAt = new Set<number>();
  let calls = 0;
  const listeners: ((name: string, nameservers: string[]) => void)[] = [];

  const http = await startFakeHttp((req, res) => {
    calls += 1;
    // The fake's own door, for browser tests in another process: the account registers a name.
    if (req.method === "POST" && req.url.pathname === "/__fake/domains") {
      const { domain } = JSON.parse(req.body) as { domain: string };
      domains.push({
        domain,
        expires: new Date(Date.now() + 300 * 86_400_000).toISOString(),
        renewAuto: true,
        locked: true,
        privacy: true,
        nameServers: ["ns1.registrar-default.test", "ns2.registrar-default.test"],
        status: "ACTIVE",
      });
      return sendJson(res, 201, { domain });
    }
    if (throttleAt.has(calls)) {
      return sendJson(res, 429, {
        code: "TOO_MANY_REQUESTS",
        message: "Too many requests received within interval",
        retryAfterSec: 0,
      });
    }
    if (req.headers.authorization !== `sso-key ${account.key}:${account.secret}`) {
      return sendJson(res, 401, { code: "UNABLE_TO_AUTHENTICATE", message: "Unable to authenticate" });
    }
    if (req.method === "GET" && req.url.pathname === "/v1/domains") {
      const limit = Math.min(Number(req.url.searchParams.get("limit") ?? 1000), 1000);
      const marker = req.url.searchParams.get("marker");
      const sorted = [...domains].sort((a, b) => a.domain.localeCompare(b.domain));
      const after = marker ? sorted.filter((d) => d.domain > marker) : sorted;
      const withNs = (req.url.searchParams.get("includes") ?? "").includes("nameServers");
      return sendJson(
        res,
        200,
        after.slice(0, limit).map((d, i) => ({
          domainId: i + 1,
          domain: d.domain,
          status: d.status,
          createdAt: "2020-01-01T00:00:00.000Z",
          expires: d.expires,
          renewAuto: d.renewAuto,
          locked: d.locked,
          privacy: d.privacy,
          ...(withNs ? { nameServers: d.nameServers } : {}),
        })),
      );
    }
    const match = /^\/v1\/domains\/([^/]+)$/.exec(req.url.pathname);
    if (req.method === "PATCH" && match) {
      const name = decodeURIComponent(match[1]);
      const domain = domains.find((d) => d.domain === name);
      if (!domain) return sendJson(res, 404, { code: "NOT_FOUND", message: `Domain ${name} not found` });
      const body = JSON.parse(req.body || "{}") as { nameServers?: string[] };
      if (!Array.isArray(body.nameServers))
        return sendJson(res, 422, { code: "INVALID_BODY", message: "nameServers" });
      domain.nameServers = body.nameServers;
      for (const listener of listeners) listener(name, domain.nameServers);
      return sendJson(res, 200, undefined);
    }
    return sendJson(res, 404, { code: "NOT_FOUND", message: "Not found" });
  }, options.port);

  return {
    ...http,
    domains,
    throttleCall(n: number) {
      throttleAt.add(calls + n);
    },
    onNameservers(listener: (name: string, nameservers: string[]) => void) {
      listeners.push(listener);
    },
    env: { GODADDY_API_URL: http.url },
  };
}
