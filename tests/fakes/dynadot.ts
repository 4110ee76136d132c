import { sendJson, startFakeHttp } from "./http";

export interface FakeDynadotDomain {
  name: string;
  /** Milliseconds since the epoch. */
  expiration: number;
  renewOption: "auto renew" | "do not renew" | "no renew option";
  locked: boolean;
  privacy: "full" | "partial" | "none";
  /** Empty: the name is on Dynadot's own parking. */
  nameservers: string[];
}

/**
 * A local stand-in for Dynadot's API3 in JSON (dynadot.com/domain/api-commands): one endpoint,
 * `GET /api3.json?key=…&command=…`, every answer HTTP 200 as `{<Command>Response: {ResponseCode,
 * Status, …}}`, an error as ResponseCode -1 with `Error` (a refused key as `{Response: {…}}`).
 * Commands: `account_info`, `list_domain` (paged by `count_per_page` and `page_index` from 1),
 * `tld_price` (`currency`) and `set_ns` (`domain`, `ns0`…`ns12`). Dynadot limits an account by
 * requests at once; a call past the limit is answered with an error asking to try again later.
 */
export async function startFakeDynadot(account: { apiKey: string; username: string }) {
  const domains: FakeDynadotDomain[] = [];
  const renewal: Record<string, string> = { com: "10.88", net: "12.99" };
  const throttleAt = new Set<number>();
  let calls = 0;
  const listeners: ((name: string, nameservers: string[]) => void)[] = [];
  const fail = (envelope: string, error: string) => ({
    [envelope]: { ResponseCode: -1, Status: "error", Error: error },
  });

  const http = await startFakeHttp((req, res) => {
    calls += 1;
    if (req.method !== "GET" || req.url.pathname !== "/api3.json") return void res.writeHead(404).end();
    const q = req.url.searchParams;
    if (throttleAt.has(calls)) {
      return sendJson(
        res,
        200,
        fail("Response", "too many requests at once for this account, try again later"),
      );
    }
    if (q.get("key") !== account.apiKey) return sendJson(res, 200, fail("Response", "invalid key"));
    const command = q.get("command");
    if (command === "account_info") {
      return sendJson(res, 200, {
        AccountInfoResponse: {
          ResponseCode: 0,
          Status: "success",
          AccountInfo: { Username: account.username, AccountBalance: "$70.02" },
        },
      });
    }
    if (command === "list_domain") {
      const size = Number(q.get("count_per_page") ?? domains.length);
      const page = Number(q.get("page_index") ?? 1);
      const rows = domains.slice((page - 1) * size, page * size);
      return sendJson(res, 200, {
        ListDomainInfoResponse: {
          ResponseCode: 0,
          Status: "success",
          MainDomains: rows.map((d) => ({
            Name: d.name,
            Expiration: String(d.expiration),
            Registration: "1609459200000",
            NameServerSettings:
              d.nameservers.length > 0
                ? {
                    Type: "Name Servers",
                    NameServers: [
                      ...d.nameservers.map((ns, i) => ({ ServerId: String(i), ServerName: ns })),
                      { ServerId: "", ServerName: "" },
                    ],
                  }
                : { Type: "Dynadot Parking", WithAds: "Yes" },
            Whois: {},
            Locked: d.locked ? "yes" : "no",
            Disabled: "no",
            UdrpLocked: "no",
            RegistrantUnverified: "no",
            Hold: "no",
            Privacy: d.privacy,
            isForSale: "no",
            RenewOption: d.renewOption,
            Note: "",
            Folder: { FolderId: "-1", FolderName: "(no folder)" },
            Status: "active",
          })),
        },
      });
    }
    if (command === "tld_price") {
      return sendJson(res, 200, {
        TldPriceResponse: {
          ResponseCode: 0,
          Status: "success",
          TldPrice: Object.entries(renewal).map(([tld, price]) => ({
            Tld: tld,
            Price: { Register: price, Renew: price, Transfer: price, Restore: "99.00" },
          })),
        },
      });
    }
    if (command === "set_ns") {
      const name = (q.get("domain") ?? "").toLowerCase();
      const domain = domains.find((d) => d.name === name);
      if (!domain) return sendJson(res, 200, fail("SetNsResponse", "could not find domain in your account"));
      const nameservers = Array.from({ length: 13 }, (_, i) => q.get(`ns${i}`)).filter(
        (ns): ns is string => !!ns,
      );
      if (nameservers.length === 0) return sendJson(res, 200, fail("SetNsResponse", "missing name servers"));
      domain.nameservers = nameservers;
      for (const listener of listeners) listener(name, nameservers);
      return sendJson(res, 200, { SetNsResponse: { ResponseCode: 0, Status: "success" } });
    }
    return sendJson(res, 200, fail("Response", "invalid command"));
  });

  return {
    ...http,
    domains,
    renewal,
    /** Makes the `n`th call from now answer as past the account's limit of requests at once. */
    throttleCall(n: number) {
      throttleAt.add(calls + n);
    },
    /** Called when a name's nameservers are set (a test publishes them on its DNS server). */
    onNameservers(listener: (name: string, nameservers: string[]) => void) {
      listeners.push(listener);
    },
    env: { DYNADOT_API_URL: http.url },
  };
}
