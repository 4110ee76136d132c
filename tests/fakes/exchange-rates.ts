import { sendJson, startFakeHttp } from "./http";

/**
 * A local stand-in for the Frankfurter API (frankfurter.dev): `GET /<from>..<to>?from=EUR&to=USD`
 * answers the ECB's reference rates of each working day in the range, none on weekends.
 */
export async function startFakeRates(usdPerUnit: Record<string, string>) {
  const http = await startFakeHttp((req, res) => {
    const m = /^\/(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(req.url.pathname);
    const from = req.url.searchParams.get("from") ?? "EUR";
    const rate = usdPerUnit[from];
    if (!m || !rate) return sendJson(res, 404, { message: "not found" });
    const rates: Record<string, { USD: number }> = {};
    for (let t = Date.parse(`${m[1]}T00:00:00Z`); t <= Date.parse(`${m[2]}T00:00:00Z`); t += 86_400_000) {
      const day = new Date(t);
      if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
      rates[day.toISOString().slice(0, 10)] = { USD: Number(rate) };
    }
    return sendJson(res, 200, { amount: 1, base: from, start_date: m[1], end_date: m[2], rates });
  });
  return { ...http, env: { EXCHANGE_RATES_API_URL: http.url } };
}
