import {
  answerText,
  type Connector,
  type ConnectorContext,
  ConnectorError,
  type RegistrarDomain,
  reach,
  retryAfter,
  withBackoff,
} from "../connector";

/** Names per page of GET /v1/domains (its largest). */
const PAGE_SIZE = 1000;

interface GoDaddyDomain {
  domain: string;
  expires?: string;
  createdAt?: string;
  renewAuto?: boolean;
  locked?: boolean;
  privacy?: boolean;
  nameServers?: string[] | null;
}

/**
 * One JSON call with `Authorization: sso-key KEY:SECRET` (developer.godaddy.com). A 429 carries
 * `retryAfterSec`; the call is tried again after it.
 */
async function call(ctx: ConnectorContext, method: string, path: string, body?: unknown): Promise<unknown> {
  const { apiKey, apiSecret } = ctx.credentials;
  return withBackoff(ctx, async () => {
    const res = await reach("GoDaddy", `${ctx.baseUrl.replace(/\/$/, "")}${path}`, {
      method,
      headers: {
        Authorization: `sso-key ${apiKey}:${apiSecret}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answerText("GoDaddy", res);
    const json = text ? safeJson(text) : null;
    if (res.ok) return json;
    const answer = (json ?? {}) as { code?: string; message?: string; retryAfterSec?: number };
    if (res.status === 429) {
      throw new ConnectorError(
        "throttled",
        "GoDaddy asked to slow down.",
        answer.retryAfterSec ?? retryAfter(res.headers.get("retry-after")),
      );
    }
    if (res.status === 401) {
      throw new ConnectorError(
        "credentials",
        "GoDaddy refused the API key and secret: check both (a production key, not an OTE one).",
      );
    }
    if (res.status === 403) {
      throw new ConnectorError(
        "credentials",
        "GoDaddy refused API access for this account: its production API is open to accounts with 10 or more domains.",
      );
    }
    if (res.status >= 500) throw new ConnectorError("unavailable", `GoDaddy answered HTTP ${res.status}.`);
    throw new ConnectorError(
      "refused",
      `GoDaddy refused the request: ${answer.message ?? answer.code ?? `HTTP ${res.status}`}.`,
    );
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ConnectorError("unavailable", "GoDaddy's answer was not JSON.");
  }
}

const toDomain = (d: GoDaddyDomain): RegistrarDomain => ({
  name: d.domain.toLowerCase(),
  expiresAt: d.expires ?? null,
  createdAt: d.createdAt ?? null,
  autoRenew: d.renewAuto ?? null,
  locked: d.locked ?? null,
  privacy: d.privacy ?? null,
  nameservers: d.nameServers ?? null,
  renewalPrice: null,
});

export const godaddy: Connector = {
  id: "godaddy",
  kind: "registrar",
  name: "GoDaddy",
  fields: [
    {
      name: "apiKey",
      label: "API key",
      secret: false,
      help: "developer.godaddy.com → API Keys (Production)",
    },
    { name: "apiSecret", label: "API secret", secret: true },
  ],
  imports:
    "Every name in the account with its expiry, auto-renew, lock, privacy and nameservers; sets nameservers to park a name.",
  urlVariable: "GODADDY_API_URL",
  defaultUrl: "https://api.godaddy.com",
  async testCredentials(ctx) {
    await call(ctx, "GET", "/v1/domains?limit=1");
    return { account: `key ${ctx.credentials.apiKey.slice(0, 6)}…` };
  },
  async listDomains(ctx, cursor) {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), includes: "nameServers" });
    if (cursor) query.set("marker", cursor);
    const rows = ((await call(ctx, "GET", `/v1/domains?${query}`)) ?? []) as GoDaddyDomain[];
    const domains = rows.map(toDomain);
    // The marker is the last name of the page: the next page starts after it.
    return { domains, next: rows.length === PAGE_SIZE ? rows[rows.length - 1].domain : null };
  },
  async setNameservers(ctx, domain, nameservers) {
    await call(ctx, "PATCH", `/v1/domains/${encodeURIComponent(domain)}`, { nameServers: nameservers });
  },
};
