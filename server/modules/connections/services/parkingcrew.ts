import {
  type Connector,
  type ConnectorContext,
  ConnectorError,
  type DayStat,
  daysBetween,
  jsonAnswer,
  reach,
  retryAfter,
  withBackoff,
} from "../connector";

interface StatsAnswer {
  status?: string;
  message?: string;
  data?: {
    date?: string;
    domain?: string;
    visits?: number | string;
    clicks?: number | string;
    revenue?: number | string;
    currency?: string;
  }[];
}

/**
 * One GET of ParkingCrew's statistics API. ParkingCrew documents its API to account holders only,
 * so this is the protocol as best known, not one checked against its documentation: the account
 * is named by `username` and the `apikey` shown on the account's Home page (the two fields every
 * portfolio tool asks for), `GET /api/v1/statistics?start&end&type=domain&format=json` answers
 * `{status: "ok", data: [{date, domain, visits, clicks, revenue}]}` with revenue in US dollars
 * unless a row names its `currency`; a refused login is HTTP 401 or 403, throttling HTTP 429.
 */
async function statistics(ctx: ConnectorContext, day: string): Promise<StatsAnswer> {
  const query = new URLSearchParams({
    username: ctx.credentials.username,
    apikey: ctx.credentials.apiKey,
    start: day,
    end: day,
    type: "domain",
    format: "json",
  });
  return withBackoff(ctx, async () => {
    const res = await reach("ParkingCrew", `${ctx.baseUrl.replace(/\/$/, "")}/api/v1/statistics?${query}`);
    if (res.status === 429) {
      throw new ConnectorError(
        "throttled",
        "ParkingCrew asked to slow down.",
        retryAfter(res.headers.get("retry-after")),
      );
    }
    if (res.status === 401 || res.status === 403) {
      throw new ConnectorError(
        "credentials",
        "ParkingCrew refused the user name or API key: both are on the account's Home page.",
      );
    }
    const answer = await jsonAnswer<StatsAnswer>("ParkingCrew", res);
    if (answer.status !== "ok") {
      throw new ConnectorError(
        "refused",
        `ParkingCrew answered: ${answer.message ?? "the request was refused"}.`,
      );
    }
    return answer;
  });
}

export const parkingcrew: Connector = {
  id: "parkingcrew",
  kind: "parking",
  name: "ParkingCrew",
  fields: [
    { name: "username", label: "ParkingCrew user name", secret: false },
    { name: "apiKey", label: "API key", secret: true, help: "The account's Home page" },
  ],
  imports: "Statistics per domain and day: visits, clicks and revenue in US dollars.",
  urlVariable: "PARKINGCREW_API_URL",
  defaultUrl: "https://api.parkingcrew.net",
  async testCredentials(ctx) {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await statistics(ctx, yesterday);
    return { account: ctx.credentials.username };
  },
  // A day per call: each answer holds the whole day, and is written while the next is fetched.
  async *dayStats(ctx, from, to) {
    for (const day of daysBetween(from, to)) {
      const answer = await statistics(ctx, day);
      const stats: DayStat[] = [];
      for (const row of answer.data ?? []) {
        stats.push({
          domain: String(row.domain ?? "").toLowerCase(),
          day: String(row.date ?? day).slice(0, 10),
          visits: Number(row.visits ?? 0),
          clicks: Number(row.clicks ?? 0),
          revenue: String(row.revenue ?? "0"),
          currency: String(row.currency ?? "USD").toUpperCase(),
        });
      }
      yield stats;
    }
  },
};
