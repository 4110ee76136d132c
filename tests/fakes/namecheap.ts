import { escapeXml, sendXml, startFakeHttp } from "./http";

export interface FakeNamecheapDomain {
  name: string;
  /** MM/DD/YYYY, as Namecheap writes it. */
  expires: string;
  autoRenew: boolean;
  locked: boolean;
  whoisGuard: "ENABLED" | "DISABLED" | "NOTPRESENT";
  nameservers: string[];
}

/**
 * A local stand-in for Namecheap's XML API (namecheap.com/support/api/intro): one endpoint,
 * `GET /xml.response`, the account named by `ApiUser`, `ApiKey`, `UserName` and `ClientIp`
 * query parameters; every answer an `ApiResponse` envelope with HTTP 200, errors inside it as
 * `<Errors><Error Number="…">` (1011150: the ClientIp is not whitelisted, 1011102: the key is
 * wrong, 500000: too many requests). Commands: `namecheap.domains.getList` (paged by `Page` and
 * `PageSize`, 10 to 100) and `namecheap.domains.dns.setCustom` (`SLD`, `TLD`, `Nameservers`).
 */
export async function startFakeNamecheap(account: { apiUser: string; apiKey: string; whitelist: string[] }) {
  const domains: FakeNamecheapDomain[] = [];
  /** Request numbers (1-based, counted over every call) that answer "Too many requests". */
  const throttleAt = new Set<number>();
  let calls = 0;
  const listeners: ((name: string, nameservers: string[]) => void)[] = [];

  const envelope = (command: string, inner: string) =>
    `<ApiResponse Status="OK" xmlns="http://api.namecheap.com/xml.response"><Errors /><Warnings /><RequestedCommand>${command}</RequestedCommand><CommandResponse Type="${command}">${inner}</CommandResponse><Server>FAKE</Server><GMTTimeDifference>--5:00</GMTTimeDifference><ExecutionTime>0.01</ExecutionTime></ApiResponse>`;
  const error = (number: string, text: string) =>
    `<ApiResponse Status="ERROR" xmlns="http://api.namecheap.com/xml.response"><Errors><Error Number="${number}">${escapeXml(text)}</Error></Errors><Warnings /><RequestedCommand /><Server>FAKE</Server><GMTTimeDifference>--5:00</GMTTimeDifference><ExecutionTime>0</ExecutionTime></ApiResponse>`;

  const http = await startFakeHttp((req, res) => {
    calls += 1;
    if (req.url.pathname !== "/xml.response") return void res.writeHead(404).end();
    const q = req.url.searchParams;
    if (throttleAt.has(calls)) return sendXml(res, error("500000", "Too many requests"));
    if (q.get("ApiUser") !== account.apiUser || !q.get("UserName")) {
      return sendXml(res, error("1011101", "Parameter APIUser is invalid"));
    }
    if (q.get("ApiKey") !== account.apiKey)
      return sendXml(res, error("1011102", "Parameter APIKey is invalid"));
    if (!account.whitelist.includes(q.get("ClientIp") ?? "")) {
      return sendXml(res, error("1011150", `Invalid request IP: ${q.get("ClientIp") ?? ""}`));
    }
    const command = (q.get("Command") ?? "").toLowerCase();
    if (command === "namecheap.domains.getlist") {
      const page = Number(q.get("Page") ?? 1);
      const size = Number(q.get("PageSize") ?? 20);
      if (!(size >= 10 && size <= 100))
        return sendXml(res, error("2011270", "PageSize should be between 10 and 100"));
      const rows = domains.slice((page - 1) * size, page * size);
      const items = rows
        .map(
          (d, i) =>
            `<Domain ID="${(page - 1) * size + i + 1}" Name="${d.name}" User="${account.apiUser}" Created="01/01/2020" Expires="${d.expires}" IsExpired="false" IsLocked="${d.locked}" AutoRenew="${d.autoRenew}" WhoisGuard="${d.whoisGuard}" IsPremium="false" IsOurDNS="${d.nameservers.length === 0}" />`,
        )
        .join("");
      return sendXml(
        res,
        envelope(
          "namecheap.domains.getList",
          `<DomainGetListResult>${items}</DomainGetListResult><Paging><TotalItems>${domains.length}</TotalItems><CurrentPage>${page}</CurrentPage><PageSize>${size}</PageSize></Paging>`,
        ),
      );
    }
    if (command === "namecheap.domains.dns.setcustom") {
      const name = `${q.get("SLD")}.${q.get("TLD")}`.toLowerCase();
      const domain = domains.find((d) => d.name === name);
      if (!domain) return sendXml(res, error("2019166", "Domain not found"));
      domain.nameservers = (q.get("Nameservers") ?? "").split(",").filter(Boolean);
      for (const listener of listeners) listener(name, domain.nameservers);
      return sendXml(
        res,
        envelope(
          "namecheap.domains.dns.setCustom",
          `<DomainDNSSetCustomResult Domain="${name}" Updated="true" />`,
        ),
      );
    }
    return sendXml(res, error("1010900", "Invalid command"));
  });

  return {
    ...http,
    domains,
    /** Makes the `n`th call from now answer "Too many requests". */
    throttleCall(n: number) {
      throttleAt.add(calls + n);
    },
    /** Called when a name's nameservers are set (a test publishes them on its DNS server). */
    onNameservers(listener: (name: string, nameservers: string[]) => void) {
      listeners.push(listener);
    },
    env: { NAMECHEAP_API_URL: http.url, NAMECHEAP_CLIENT_IP: account.whitelist[0] ?? "127.0.0.1" },
  };
}

export type FakeNamecheap = Awaited<ReturnType<typeof startFakeNamecheap>>;
