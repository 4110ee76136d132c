import { tldts } from "../../../lib/domain-name";
import { loadOnce } from "../../../lib/load-once";
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

/** Names per page of namecheap.domains.getList (its largest). */
const PAGE_SIZE = 100;

// The XML reader loads with the first call of the service, not with every start.
const xml = loadOnce(
  async () =>
    new (await import("fast-xml-parser")).XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      isArray: (name) => name === "Domain" || name === "Error",
    }),
);

interface ApiError {
  Number: string;
  "#text"?: string;
}

/** What Namecheap's error numbers mean to the owner (namecheap.com/support/api/error-codes). */
function explain(error: ApiError): ConnectorError {
  const number = String(error.Number);
  const text = error["#text"] ?? "";
  if (number === "1011150") {
    return new ConnectorError(
      "credentials",
      "Namecheap refused the API key: add this server's address to the API whitelist (Profile → Tools → API Access).",
    );
  }
  if (number === "1011102" || number === "1011104" || number === "1010101" || number === "1011101") {
    return new ConnectorError(
      "credentials",
      "Namecheap refused the API user or key: check both and that API access is on.",
    );
  }
  if (number === "500000" || /too many requests/i.test(text)) {
    // Namecheap names no wait: the growing backoff decides.
    return new ConnectorError("throttled", "Namecheap asked to slow down.");
  }
  return new ConnectorError("refused", `Namecheap answered error ${number}: ${text || "no details"}.`);
}

/** One call of the XML API: every command is a GET of xml.response with the account's parameters. */
async function call(ctx: ConnectorContext, command: string, params: Record<string, string>) {
  const { apiUser, apiKey } = ctx.credentials;
  const query = new URLSearchParams({
    ApiUser: apiUser,
    ApiKey: apiKey,
    UserName: ctx.credentials.userName || apiUser,
    ClientIp: ctx.clientIp,
    Command: command,
    ...params,
  });
  return withBackoff(ctx, async () => {
    const res = await reach("Namecheap", `${ctx.baseUrl.replace(/\/$/, "")}/xml.response?${query}`);
    if (res.status === 429 || res.status === 405) {
      throw new ConnectorError(
        "throttled",
        "Namecheap asked to slow down.",
        retryAfter(res.headers.get("retry-after")),
      );
    }
    if (!res.ok) throw new ConnectorError("unavailable", `Namecheap answered HTTP ${res.status}.`);
    const body = (await xml()).parse(await answerText("Namecheap", res));
    const response = body?.ApiResponse;
    if (!response) throw new ConnectorError("unavailable", "Namecheap's answer was not its XML envelope.");
    const errors: ApiError[] = response.Errors?.Error ?? [];
    if (response.Status !== "OK" || errors.length > 0) {
      throw explain(errors[0] ?? { Number: "unknown", "#text": "the request was refused" });
    }
    return response.CommandResponse;
  });
}

/** Namecheap writes dates as MM/DD/YYYY. */
function isoDay(text: string | undefined): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text ?? "");
  return m ? `${m[3]}-${m[1]}-${m[2]}T00:00:00.000Z` : null;
}

const yes = (v: unknown) => (v === undefined ? null : String(v).toLowerCase() === "true");

async function listPage(ctx: ConnectorContext, page: number, pageSize = PAGE_SIZE) {
  const answer = await call(ctx, "namecheap.domains.getList", {
    ListType: "ALL",
    Page: String(page),
    PageSize: String(pageSize),
  });
  const rows: Record<string, string>[] = answer?.DomainGetListResult?.Domain ?? [];
  const total = Number(answer?.Paging?.TotalItems ?? rows.length);
  const domains: RegistrarDomain[] = rows.map((d) => ({
    name: String(d.Name).toLowerCase(),
    expiresAt: isoDay(d.Expires),
    createdAt: isoDay(d.Created),
    autoRenew: yes(d.AutoRenew),
    locked: yes(d.IsLocked),
    privacy: d.WhoisGuard === undefined ? null : d.WhoisGuard === "ENABLED",
    nameservers: null,
    renewalPrice: null,
  }));
  return { domains, total };
}

export const namecheap: Connector = {
  id: "namecheap",
  kind: "registrar",
  name: "Namecheap",
  fields: [
    { name: "apiUser", label: "API user", secret: false, help: "Your Namecheap user name" },
    {
      name: "apiKey",
      label: "API key",
      secret: true,
      help: "Profile → Tools → API Access; whitelist this server's address",
    },
  ],
  imports:
    "Every name in the account with its expiry, auto-renew, lock and WhoisGuard; sets nameservers to park a name.",
  urlVariable: "NAMECHEAP_API_URL",
  defaultUrl: "https://api.namecheap.com",
  async testCredentials(ctx) {
    await listPage(ctx, 1, 10);
    return { account: ctx.credentials.userName || ctx.credentials.apiUser };
  },
  async listDomains(ctx, cursor) {
    const page = cursor ? Number(cursor) : 1;
    const { domains, total } = await listPage(ctx, page);
    return { domains, next: page * PAGE_SIZE < total && domains.length > 0 ? String(page + 1) : null };
  },
  async setNameservers(ctx, domain, nameservers) {
    const parsed = tldts().parse(domain);
    if (!parsed.domainWithoutSuffix || !parsed.publicSuffix) {
      throw new ConnectorError("refused", `${domain} is not a name Namecheap can hold.`);
    }
    const answer = await call(ctx, "namecheap.domains.dns.setCustom", {
      SLD: parsed.domainWithoutSuffix,
      TLD: parsed.publicSuffix,
      Nameservers: nameservers.join(","),
    });
    if (String(answer?.DomainDNSSetCustomResult?.Updated) !== "true") {
      throw new ConnectorError("refused", `Namecheap did not update the nameservers of ${domain}.`);
    }
  },
};
