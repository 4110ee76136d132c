import { sendJson, startFakeHttp } from "./http";

export interface FakePorkbunDomain {
  domain: string;
  /** "YYYY-MM-DD HH:MM:SS", as Porkbun writes it. */
  expireDate: string;
  autoRenew: boolean;
  securityLock: boolean;
  whoisPrivacy: boolean;
  nameservers: string[];
  /** Porkbun answers API calls about a name only once its API Access is on. */
  apiAccess: boolean;
}

const PREFIX = "/api/json/v3";

/**
 * A local stand-in for Porkbun's API v3 (porkbun.com/api/json/v3/documentation): every command a
 * JSON POST under /api/json/v3 carrying `apikey` and `secretapikey`, answered `{status: "SUCCESS"}`
 * or, with HTTP 400, `{status: "ERROR", message}` ("Invalid API key. (001)" for the key, "(002)"
 * for the secret, "Domain is not opted in to API access." for a name without API Access).
 * Commands: `/ping`, `/domain/listAll` (1,000 names from `start`, an empty list past the end),
 * `/domain/updateNs/{domain}` with `ns`, and `/pricing/get`, which needs no keys. A throttled call
 * is answered as Porkbun's edge answers one: 503 and an HTML page.
 */
export async function startFakePorkbun(account: { apiKey: string; secretApiKey: string }) {
  const domains: FakePorkbunDomain[] = [];
  const renewal: Record<string, string> = { com: "11.08", net: "12.52", org: "10.74" };
  const throttleAt = new Set<number>();
  let calls = 0;
  const listeners: ((name: string, nameservers: string[]) => void)[] = [];
  const error = (message: string) => ({ status: "ERROR", message });

  const http = await startFakeHttp((req, res) => {
    calls += 1;
    if (throttleAt.has(calls)) {
      return res
        .writeHead(503, { "Content-Type": "text/html" })
        .end(
          "<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>",
        );
    }
    if (req.method !== "POST" || !req.url.pathname.startsWith(PREFIX))
      return sendJson(res, 404, error("Not found."));
    const path = req.url.pathname.slice(PREFIX.length);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body || "{}");
    } catch {
      return sendJson(res, 400, error("Invalid JSON."));
    }
    if (path === "/pricing/get") {
      const pricing = Object.fromEntries(
        Object.entries(renewal).map(([tld, price]) => [
          tld,
          { registration: price, renewal: price, transfer: price },
        ]),
      );
      return sendJson(res, 200, { status: "SUCCESS", pricing });
    }
    if (!body.apikey || !body.secretapikey)
      return sendJson(res, 400, error("All API requests require an API key."));
    if (body.apikey !== account.apiKey) return sendJson(res, 400, error("Invalid API key. (001)"));
    if (body.secretapikey !== account.secretApiKey)
      return sendJson(res, 400, error("Invalid API key. (002)"));
    if (path === "/ping") return sendJson(res, 200, { status: "SUCCESS", yourIp: "127.0.0.1" });
    if (path === "/domain/listAll") {
      const start = Number(body.start ?? 0);
      const rows = domains.slice(start, start + 1000).map((d) => ({
        domain: d.domain,
        status: "ACTIVE",
        tld: d.domain.slice(d.domain.indexOf(".") + 1),
        createDate: "2021-09-14 09:40:58",
        expireDate: d.expireDate,
        securityLock: d.securityLock ? "1" : "0",
        whoisPrivacy: d.whoisPrivacy ? "1" : "0",
        autoRenew: d.autoRenew ? 1 : 0,
        notLocal: 0,
      }));
      return sendJson(res, 200, { status: "SUCCESS", domains: rows });
    }
    const update = /^\/domain\/updateNs\/([^/]+)$/.exec(path);
    if (update) {
      const name = decodeURIComponent(update[1]).toLowerCase();
      const domain = domains.find((d) => d.domain === name);
      if (!domain) return sendJson(res, 400, error("Invalid domain."));
      if (!domain.apiAccess) return sendJson(res, 400, error("Domain is not opted in to API access."));
      if (!Array.isArray(body.ns) || body.ns.length === 0)
        return sendJson(res, 400, error("Invalid name servers."));
      domain.nameservers = body.ns.map(String);
      for (const listener of listeners) listener(name, domain.nameservers);
      return sendJson(res, 200, { status: "SUCCESS" });
    }
    return sendJson(res, 404, error("Invalid API endpoint."));
  });

  return {
    ...http,
    domains,
    renewal,
    /** Makes the `n`th call from now answer as Porkbun's throttling edge does. */
    throttleCall(n: number) {
      throttleAt.add(calls + n);
    },
    /** Called when a name's nameservers are set (a test publishes them on its DNS server). */
    onNameservers(listener: (name: string, nameservers: string[]) => void) {
      listeners.push(listener);
    },
    env: { PORKBUN_API_URL: `${http.url}${PREFIX}` },
  };
}
