import { sendJson, startFakeHttp } from "./http";
import { statsStore } from "./parking-stats";

/**
 * A local stand-in for ParkingCrew's statistics API as the connector knows it (its documentation
 * is for account holders; see server/modules/connections/services/parkingcrew.ts):
 * `GET /api/v1/statistics?username&apikey&start&end&type=domain&format=json` answering
 * `{status: "ok", data: [{date, domain, visits, clicks, revenue}]}`, HTTP 401 with
 * `{status: "error", message}` for a wrong user name or key, 429 with `Retry-After` when throttled.
 */
export async function startFakeParkingCrew(account: { username: string; apiKey: string }) {
  const stats = statsStore();
  const throttleAt = new Set<number>();
  let calls = 0;
  const http = await startFakeHttp((req, res) => {
    calls += 1;
    if (throttleAt.has(calls))
      return sendJson(res, 429, { status: "error", message: "Rate limit" }, { "Retry-After": "0" });
    const q = req.url.searchParams;
    if (req.url.pathname !== "/api/v1/statistics")
      return sendJson(res, 404, { status: "error", message: "Not found" });
    if (q.get("username") !== account.username || q.get("apikey") !== account.apiKey)
      return sendJson(res, 401, { status: "error", message: "Invalid username or API key" });
    const start = q.get("start") ?? "";
    const end = q.get("end") ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || q.get("format") !== "json")
      return sendJson(res, 400, { status: "error", message: "Invalid parameters" });
    return sendJson(res, 200, {
      status: "ok",
      data: stats.between(start, end).map((s) => ({
        date: s.day,
        domain: s.domain,
        visits: s.visits,
        clicks: s.clicks,
        revenue: s.revenue,
        ...(s.currency === "USD" ? {} : { currency: s.currency }),
      })),
    });
  });
  return {
    ...http,
    stats,
    throttleCall(n: number) {
      throttleAt.add(calls + n);
    },
    env: { PARKINGCREW_API_URL: http.url },
  };
}
