import { sendJson, startFakeHttp } from "./http";

export interface FakeCloudflareRegistration {
  domain_name: string;
  created_at: string;
  expires_at: string;
  auto_renew: boolean;
  locked: boolean;
  privacy_mode: "off" | "redaction";
  status: "active";
}

const PREFIX = "/client/v4";
/** The most registrations the fake serves on one page. */
const MAX_PER_PAGE = 50;

/**
 * A local stand-in for Cloudflare Registrar's API (developers.cloudflare.com/api, Registrar →
 * Registrations): `GET /client/v4/accounts/{account_id}/registrar/registrations`, the account's
 * registrations ordered by registration date, paged by an opaque `cursor` and `per_page` (default
 * 20), each answer in Cloudflare's envelope `{success, errors, messages, result, result_info:
 * {count, cursor, per_page}}`, an empty cursor on the last page. Every call needs
 * `Authorization: Bearer <token>` for that account (else 403, error 10000); a throttled call is
 * answered 429 with `Retry-After` (error 971). Cloudflare sets no nameservers for its names.
 */
export async function startFakeCloudflareRegistrar(account: { accountId: string; apiToken: string }) {
  const registrations: FakeCloudflareRegistration[] = [];
  const throttleAt = new Set<number>();
  let calls = 0;
  const refuse = (code: number, message: string) => ({
    success: false,
    errors: [{ code, message }],
    messages: [],
    result: null,
  });

  const http = await startFakeHttp((req, res) => {
    calls += 1;
    const match = /^\/client\/v4\/accounts\/([^/]+)\/registrar\/registrations$/.exec(req.url.pathname);
    if (!match || req.method !== "GET") return sendJson(res, 404, refuse(7003, "No route for that URI"));
    if (throttleAt.has(calls)) {
      return sendJson(res, 429, refuse(971, "Please wait and consider throttling your request speed"), {
        "Retry-After": "0",
      });
    }
    if (req.headers.authorization !== `Bearer ${account.apiToken}` || match[1] !== account.accountId) {
      return sendJson(res, 403, refuse(10000, "Authentication error"));
    }
    const q = req.url.searchParams;
    const perPage = Math.min(Number(q.get("per_page") ?? 20) || 20, MAX_PER_PAGE);
    const cursor = q.get("cursor");
    let start = 0;
    if (cursor) {
      start = Number(Buffer.from(cursor, "base64url").toString("utf8"));
      if (!Number.isInteger(start) || start < 0)
        return sendJson(res, 400, refuse(10000, "Invalid pagination cursor"));
    }
    const sorted = [...registrations].sort((a, b) => a.created_at.localeCompare(b.created_at));
    const result = sorted.slice(start, start + perPage);
    const next =
      start + perPage < sorted.length ? Buffer.from(String(start + perPage)).toString("base64url") : "";
    return sendJson(res, 200, {
      success: true,
      errors: [],
      messages: [],
      result,
      result_info: { count: result.length, cursor: next, per_page: perPage },
    });
  });

  return {
    ...http,
    registrations,
    /** Makes the `n`th call from now answer 429. */
    throttleCall(n: number) {
      throttleAt.add(calls + n);
    },
    env: { CLOUDFLARE_API_URL: `${http.url}${PREFIX}` },
  };
}
