import { sendJson, startFakeHttp } from "./http";
import { statsStore } from "./parking-stats";

/**
 * A local stand-in for Bodis's REST API: `Authorization: Bearer <token>` (401 otherwise),
 * `GET /v1/account`, and `GET /v1/stats/domains?date_from&date_to&page&per_page` answering
 * `{data, meta: {current_page, last_page}}`; 429 with `Retry-After` when throttled.
 */
export async function startFakeBodis(account: { token: string; email: string }) {
  const stats = statsStore();
  const throttleAt = new Set<number>();
  let calls = 0;
  const http = await startFakeHttp((req, res) => {
    calls += 1;
    if (throttleAt.has(calls))
      return sendJson(res, 429, { message: "Too Many Attempts." }, { "Retry-After": "0" });
    if (req.headers.authorization !== `Bearer ${account.token}`)
      return sendJson(res, 401, { message: "Unauthenticated." });
    if (req.url.pathname === "/v1/account") return sendJson(res, 200, { id: 1, email: account.email });
    if (req.url.pathname === "/v1/stats/domains") {
      const q = req.url.searchParams;
      const all = stats.between(q.get("date_from") ?? "", q.get("date_to") ?? "");
      const perPage = Math.min(Number(q.get("per_page") ?? 100), 1000);
      const page = Number(q.get("page") ?? 1);
      return sendJson(res, 200, {
        data: all.slice((page - 1) * perPage, page * perPage).map((s) => ({
          domain: s.domain,
          date: s.day,
          visits: s.visits,
          clicks: s.clicks,
          revenue: s.revenue,
          currency: s.currency,
        })),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(all.length / perPage)),
          per_page: perPage,
          total: all.length,
        },
      });
    }
    return sendJson(res, 404, { message: "Not Found" });
  });
  return {
    ...http,
    stats,
    throttleCall(n: number) {
      throttleAt.add(calls + n);
    },
    env: { BODIS_API_URL: http.url },
  };
}
