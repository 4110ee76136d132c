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

/** Names per answer of /domain/listAll: the listing goes on from `start` in steps of 1,000. */
const PAGE_SIZE = 1000;

interface PorkbunDomain {
  domain: string;
  status?: string;
  tld?: string;
  createDate?: string;
  expireDate?: string;
  securityLock?: string | number;
  whoisPrivacy?: string | number;
  autoRenew?: string | number;
}

interface Answer {
  status?: string;
  message?: string;
}

/** What Porkbun's `message` means to the owner (porkbun.com/api/json/v3/documentation). */
function explain(message: string): ConnectorError {
  if (/rate limit|too many/i.test(message)) {
    return new ConnectorError("throttled", "Porkbun asked to slow down.");
  }
  if (/api key/i.test(message)) {
    return new ConnectorError(
      "credentials",
      "Porkbun refused the API key and secret key: check both (porkbun.com/account/api).",
    );
  }
  if (/not opted in to api access/i.test(message)) {
    return new ConnectorError(
      "refused",
      "Porkbun refused: API access is off for this name. Turn it on in Domain Management (the name's Details), or for every name at porkbun.com/account/api.",
    );
  }
  return new ConnectorError("refused", `Porkbun refused the request: ${message || "no details"}.`);
}

/**
 * One call of API v3: every command is a JSON POST carrying `apikey` and `secretapikey` (pricing
 * needs neither); an answer is `{status: "SUCCESS" | "ERROR", message}`, an error with HTTP 400.
 * Porkbun throttles with 429 or, at its edge, a 503 page; either is waited out.
 */
async function call(ctx: ConnectorContext, path: string, body: Record<string, unknown> = {}, signed = true) {
  const { apiKey, secretApiKey } = ctx.credentials;
  return withBackoff(ctx, async () => {
    const res = await reach("Porkbun", `${ctx.baseUrl.replace(/\/$/, "")}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(signed ? { apikey: apiKey, secretapikey: secretApiKey, ...body } : body),
    });
    if (res.status === 429 || res.status === 503) {
      throw new ConnectorError(
        "throttled",
        "Porkbun asked to slow down.",
        retryAfter(res.headers.get("retry-after")),
      );
    }
    if (res.status >= 500) throw new ConnectorError("unavailable", `Porkbun answered HTTP ${res.status}.`);
    const text = await answerText("Porkbun", res);
    let answer: Answer & Record<string, unknown>;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new ConnectorError("unavailable", "Porkbun's answer was not JSON.");
    }
    if (answer.status === "SUCCESS") return answer;
    throw explain(String(answer.message ?? ""));
  });
}

/** Porkbun writes instants as "YYYY-MM-DD HH:MM:SS". */
function isoInstant(text: string | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(text ?? "");
  return m ? `${m[1]}T${m[2]}.000Z` : null;
}

/** Its flags come as "1"/"0" or 1/0. */
const flag = (v: unknown) => (v === undefined || v === null || v === "" ? null : String(v) === "1");

/** Each TLD's renewal price in US dollars, from the public price list; none when it cannot be had. */
async function renewalPrices(ctx: ConnectorContext): Promise<Map<string, string>> {
  try {
    const answer = (await call(ctx, "/pricing/get", {}, false)) as {
      pricing?: Record<string, { renewal?: string }>;
    };
    const prices = new Map<string, string>();
    for (const [tld, price] of Object.entries(answer.pricing ?? {})) {
      if (price?.renewal && /^\d{1,6}(\.\d{1,2})?$/.test(price.renewal))
        prices.set(tld.toLowerCase(), price.renewal);
    }
    return prices;
  } catch (error) {
    // The names matter more than their price: the TLD price table stands in for it.
    if (error instanceof ConnectorError) return new Map();
    throw error;
  }
}

export const porkbun: Connector = {
  id: "porkbun",
  kind: "registrar",
  name: "Porkbun",
  fields: [
    { name: "apiKey", label: "API key", secret: false, help: "porkbun.com/account/api → Create API Key" },
    {
      name: "secretApiKey",
      label: "Secret API key",
      secret: true,
      help: "Turn on API Access for the names to park (Domain Management → Details), or for all of them",
    },
  ],
  imports:
    "Every name in the account with its expiry, auto-renew, lock and WHOIS privacy, and Porkbun's renewal price for its TLD; sets nameservers to park a name.",
  urlVariable: "PORKBUN_API_URL",
  defaultUrl: "https://api.porkbun.com/api/json/v3",
  async testCredentials(ctx) {
    await call(ctx, "/ping");
    return { account: `key ${ctx.credentials.apiKey.slice(0, 10)}…` };
  },
  async listDomains(ctx, cursor) {
    const start = cursor ? Number(cursor) : 0;
    const answer = (await call(ctx, "/domain/listAll", { start: String(start) })) as {
      domains?: PorkbunDomain[];
    };
    const rows = answer.domains ?? [];
    const prices = rows.length > 0 ? await renewalPrices(ctx) : new Map<string, string>();
    const domains: RegistrarDomain[] = rows.map((d) => {
      const name = d.domain.toLowerCase();
      return {
        name,
        expiresAt: isoInstant(d.expireDate),
        createdAt: isoInstant(d.createDate),
        autoRenew: flag(d.autoRenew),
        locked: flag(d.securityLock),
        privacy: flag(d.whoisPrivacy),
        nameservers: null,
        renewalPrice: prices.get((d.tld ?? name.slice(name.indexOf(".") + 1)).toLowerCase()) ?? null,
      };
    });
    // Porkbun ends the listing with an empty answer.
    return { domains, next: rows.length > 0 ? String(start + PAGE_SIZE) : null };
  },
  async setNameservers(ctx, domain, nameservers) {
    await call(ctx, `/domain/updateNs/${encodeURIComponent(domain)}`, { ns: nameservers });
  },
};
