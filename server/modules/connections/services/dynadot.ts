import {
  type Connector,
  type ConnectorContext,
  ConnectorError,
  jsonAnswer,
  type RegistrarDomain,
  reach,
  retryAfter,
  withBackoff,
} from "../connector";

/** Names asked per page of list_domain (`count_per_page`, `page_index` from 1). */
const PAGE_SIZE = 100;

interface DynadotDomain {
  Name: string;
  /** Milliseconds since the epoch, as a string. */
  Expiration?: string | number;
  Registration?: string | number;
  NameServerSettings?: { Type?: string; NameServers?: { ServerId?: string; ServerName?: string }[] };
  Locked?: string;
  Privacy?: string;
  RenewOption?: string;
}

/** Every answer is `{<Command>Response: {ResponseCode, Status, Error?, …}}`; a refused key answers `{Response: …}`. */
type Envelope = Record<
  string,
  { ResponseCode?: string | number; Status?: string; Error?: string } & Record<string, unknown>
>;

/** What Dynadot's error words mean to the owner (dynadot.com/domain/api-commands). */
function explain(error: string): ConnectorError {
  // Dynadot limits an account by requests at once (1 for a regular account, 5 bulk, 25 super bulk).
  if (/too many|thread|rate limit|busy|try again later/i.test(error)) {
    return new ConnectorError("throttled", "Dynadot asked to slow down.");
  }
  if (/\bip\b/i.test(error)) {
    return new ConnectorError(
      "credentials",
      "Dynadot refused this server's address: allow it for the API key under Tools → API.",
    );
  }
  if (/\bkey\b/i.test(error)) {
    return new ConnectorError("credentials", "Dynadot refused the API key: check it under Tools → API.");
  }
  if (/main server|maintain/i.test(error)) {
    return new ConnectorError("unavailable", "Dynadot could not be reached.");
  }
  return new ConnectorError("refused", `Dynadot refused the request: ${error || "no details"}.`);
}

/** One command of API3: a GET of api3.json with `key` and `command`; errors come inside a 200 answer. */
async function call(ctx: ConnectorContext, command: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams({ key: ctx.credentials.apiKey, command, ...params });
  return withBackoff(ctx, async () => {
    const res = await reach("Dynadot", `${ctx.baseUrl.replace(/\/$/, "")}/api3.json?${query}`);
    if (res.status === 429) {
      throw new ConnectorError(
        "throttled",
        "Dynadot asked to slow down.",
        retryAfter(res.headers.get("retry-after")),
      );
    }
    const envelope = await jsonAnswer<Envelope>("Dynadot", res);
    const answer = Object.values(envelope ?? {})[0];
    if (!answer || typeof answer !== "object")
      throw new ConnectorError("unavailable", "Dynadot's answer was not its JSON envelope.");
    if (String(answer.ResponseCode) !== "0" || answer.Error)
      throw explain(String(answer.Error ?? answer.Status ?? ""));
    return answer;
  });
}

const epoch = (ms: string | number | undefined) => {
  const n = Number(ms);
  return ms === undefined || ms === "" || !Number.isFinite(n) || n <= 0 ? null : new Date(n).toISOString();
};

const yes = (v: string | undefined) => (v === undefined ? null : v.toLowerCase() === "yes");

/** Its renew options: "auto renew" (or "auto"), "do not renew" / "donot", "no renew option", "reset". */
const autoRenewOf = (v: string | undefined) => (v === undefined ? null : /auto/i.test(v));

/** Privacy is "full" or "partial" when on, "none" or "off" when not. */
const privacyOf = (v: string | undefined) => (v === undefined ? null : !/^(none|off|no)$/i.test(v.trim()));

/** Only a name on custom nameservers lists them; Dynadot's own DNS, parking or forwarding do not. */
function nameserversOf(d: DynadotDomain): string[] | null {
  const settings = d.NameServerSettings;
  if (settings?.Type !== "Name Servers") return null;
  return (settings.NameServers ?? [])
    .map((ns) => (ns.ServerName ?? "").trim().toLowerCase())
    .filter((ns) => ns.length > 0);
}

/** The account's renewal price per TLD in US dollars; none when it cannot be had. */
async function renewalPrices(ctx: ConnectorContext): Promise<Map<string, string>> {
  try {
    const answer = await call(ctx, "tld_price", { currency: "USD" });
    const prices = new Map<string, string>();
    for (const row of (answer.TldPrice ?? []) as { Tld?: string; Price?: { Renew?: string } }[]) {
      const renew = /^\$?(\d{1,6}(\.\d{1,2})?)$/.exec(String(row.Price?.Renew ?? "").trim());
      if (row.Tld && renew) prices.set(row.Tld.replace(/^\./, "").toLowerCase(), renew[1]);
    }
    return prices;
  } catch (error) {
    // The names matter more than their price: the TLD price table stands in for it.
    if (error instanceof ConnectorError && error.failure !== "credentials") return new Map();
    throw error;
  }
}

export const dynadot: Connector = {
  id: "dynadot",
  kind: "registrar",
  name: "Dynadot",
  fields: [{ name: "apiKey", label: "API key", secret: true, help: "Tools → API" }],
  imports:
    "Every name in the account with its expiry, auto-renew, lock, privacy and nameservers, and the account's renewal price for its TLD; sets nameservers to park a name.",
  urlVariable: "DYNADOT_API_URL",
  defaultUrl: "https://api.dynadot.com",
  async testCredentials(ctx) {
    const answer = await call(ctx, "account_info");
    const info = (answer.AccountInfo ?? {}) as { Username?: string };
    return { account: info.Username || "Dynadot account" };
  },
  async listDomains(ctx, cursor) {
    const page = cursor ? Number(cursor) : 1;
    const answer = await call(ctx, "list_domain", {
      count_per_page: String(PAGE_SIZE),
      page_index: String(page),
    });
    const rows = (answer.MainDomains ?? []) as DynadotDomain[];
    const prices = rows.length > 0 ? await renewalPrices(ctx) : new Map<string, string>();
    const domains: RegistrarDomain[] = rows.map((d) => {
      const name = String(d.Name).toLowerCase();
      return {
        name,
        expiresAt: epoch(d.Expiration),
        createdAt: epoch(d.Registration),
        autoRenew: autoRenewOf(d.RenewOption),
        locked: yes(d.Locked),
        privacy: privacyOf(d.Privacy),
        nameservers: nameserversOf(d),
        renewalPrice: prices.get(name.slice(name.indexOf(".") + 1)) ?? null,
      };
    });
    // A full page asks for the next; a longer answer is the whole account at once.
    return { domains, next: rows.length === PAGE_SIZE ? String(page + 1) : null };
  },
  async setNameservers(ctx, domain, nameservers) {
    const params: Record<string, string> = { domain };
    nameservers.slice(0, 13).forEach((ns, i) => {
      params[`ns${i}`] = ns;
    });
    await call(ctx, "set_ns", params);
  },
};
