import {
  type Connector,
  type ConnectorContext,
  ConnectorError,
  type DayStat,
  jsonAnswer,
  reach,
  retryAfter,
  withBackoff,
} from "../connector";

interface StatsPage {
  data: {
    domain: string;
    date: string;
    visits: number;
    clicks: number;
    revenue: string | number;
    currency?: string;
  }[];
  meta: { current_page: number; last_page: number };
}

/** One JSON GET with the account's API token as a bearer token. */
async function call(ctx: ConnectorContext, path: string): Promise<unknown> {
  return withBackoff(ctx, async () => {
    const res = await reach("Bodis", `${ctx.baseUrl.replace(/\/$/, "")}${path}`, {
      headers: { Authorization: `Bearer ${ctx.credentials.apiToken}`, Accept: "application/json" },
    });
    if (res.status === 429) {
      throw new ConnectorError(
        "throttled",
        "Bodis asked to slow down.",
        retryAfter(res.headers.get("retry-after")),
      );
    }
    if (res.status === 401 || res.status === 403) {
      throw new ConnectorError(
        "credentials",
        "Bodis refused the API token: create a new one under Account → API.",
      );
    }
    return jsonAnswer("Bodis", res);
  });
}

export const bodis: Connector = {
  id: "bodis",
  kind: "parking",
  name: "Bodis",
  fields: [{ name: "apiToken", label: "API token", secret: true, help: "Account → API" }],
  imports: "Daily statistics per domain: visits, clicks and revenue in US dollars.",
  urlVariable: "BODIS_API_URL",
  defaultUrl: "https://api.bodis.com",
  async testCredentials(ctx) {
    const answer = (await call(ctx, "/v1/account")) as { email?: string; id?: string | number };
    return { account: String(answer.email ?? answer.id ?? "Bodis account") };
  },
  // The pages split days anywhere, so that the figures of one domain and day could span two of
  // them: the whole range is one batch.
  async *dayStats(ctx, from, to) {
    const stats: DayStat[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        date_from: from,
        date_to: to,
        page: String(page),
        per_page: "1000",
      });
      const answer = (await call(ctx, `/v1/stats/domains?${query}`)) as StatsPage;
      for (const row of answer.data ?? []) {
        stats.push({
          domain: row.domain.toLowerCase(),
          day: row.date.slice(0, 10),
          visits: Number(row.visits ?? 0),
          clicks: Number(row.clicks ?? 0),
          revenue: String(row.revenue ?? "0"),
          currency: (row.currency ?? "USD").toUpperCase(),
        });
      }
      if (!answer.meta || answer.meta.current_page >= answer.meta.last_page) break;
    }
    yield stats;
  },
};
