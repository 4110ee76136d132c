import { loadOnce } from "../../../lib/load-once";
import {
  answerText,
  type Connector,
  type ConnectorContext,
  ConnectorError,
  type DayStat,
  daysBetween,
  reach,
  retryAfter,
  withBackoff,
} from "../connector";

/** Rows per fetch of a report (the API's largest page). */
const PAGE_SIZE = 1_000;
/** Looks at a report still being generated, a growing wait apart, before leaving it to the next run. */
const GENERATING_LOOKS = 5;

// The XML and CSV readers load with the first call of the service, not with every start.
const xml = loadOnce(
  async () =>
    new (await import("fast-xml-parser")).XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      parseTagValue: false,
    }),
);
const csv = loadOnce(async () => (await import("csv-parse/sync")).parse);

interface Results {
  /** The CSV text of a fetched report. */
  "#text"?: string;
  result?: { reportid?: string; status?: string };
  error?: { code?: string; "#text"?: string } | string;
}

/**
 * One GET of Above.com's API (www.above.com/api.php): every call names the account by `username`,
 * `password` and `api_key` and the function by `mode`; answers are XML in a `<results>` element.
 * What Above.com's manual shows: `mode=report` starts a report and answers its id, with status
 * "Generating" until it is ready; `mode=fetch&reportid&start&num` (at most 1,000 rows) answers the
 * report as CSV inside `<results>` (`Name,Total Hits,Total Uniques,Total Reported,Total Clicks,
 * Total Revenue,…`, the header alone once the rows run out); error 300 is a wrong user name or
 * password, 412 a wrong period. Not confirmed there, and written as best known: the report's
 * period as `from_date` and `to_date` (YYYY-MM-DD), figures in US dollars, and an error answered
 * as `<results><error code="…">text</error></results>`.
 */
async function call(ctx: ConnectorContext, mode: string, params: Record<string, string>): Promise<Results> {
  const query = new URLSearchParams({
    username: ctx.credentials.username,
    password: ctx.credentials.password,
    api_key: ctx.credentials.apiKey,
    mode,
    ...params,
  });
  return withBackoff(ctx, async () => {
    const res = await reach("Above.com", `${ctx.baseUrl.replace(/\/$/, "")}/api.php?${query}`);
    if (res.status === 429 || res.status === 503) {
      throw new ConnectorError(
        "throttled",
        "Above.com asked to slow down.",
        retryAfter(res.headers.get("retry-after")),
      );
    }
    if (!res.ok) {
      throw new ConnectorError("unavailable", `Above.com answered HTTP ${res.status}.`);
    }
    const results = (await xml()).parse(await answerText("Above.com", res))?.results as
      | Results
      | string
      | undefined;
    if (results === undefined) {
      throw new ConnectorError("unavailable", "Above.com's answer was not its XML.");
    }
    // A report of one line parses as text alone.
    const answer: Results = typeof results === "string" ? { "#text": results } : results;
    if (answer.error !== undefined) {
      const error = typeof answer.error === "string" ? { "#text": answer.error } : answer.error;
      const code = String(error.code ?? "");
      if (code.startsWith("3")) {
        throw new ConnectorError(
          "credentials",
          "Above.com refused the login: check the user name, password and API key.",
        );
      }
      throw new ConnectorError(
        "refused",
        `Above.com answered error ${code || "unknown"}: ${error["#text"] ?? "no details"}.`,
      );
    }
    return answer;
  });
}

/** The report of one day, by domain: started, waited for while it is generated, then read page by page. */
async function dayReport(ctx: ConnectorContext, day: string): Promise<DayStat[]> {
  const started = await call(ctx, "report", { from_date: day, to_date: day });
  const reportid = started.result?.reportid;
  if (!reportid) throw new ConnectorError("unavailable", "Above.com started no report.");
  const stats: DayStat[] = [];
  for (let start = 0; ; start += PAGE_SIZE) {
    const page = await fetchPage(ctx, reportid, start);
    const parseCsv = await csv();
    const [header = [], ...rows] = parseCsv(page.trim(), { relax_column_count: true }) as string[][];
    const column = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name);
    const [name, reported, clicks, revenue] = ["name", "total reported", "total clicks", "total revenue"].map(
      column,
    );
    for (const row of rows) {
      stats.push({
        domain: String(row[name] ?? "")
          .trim()
          .toLowerCase(),
        day,
        visits: Number(row[reported] ?? 0),
        clicks: Number(row[clicks] ?? 0),
        revenue: String(row[revenue] ?? "0").trim(),
        currency: "USD",
      });
    }
    if (rows.length < PAGE_SIZE) return stats;
  }
}

/** One page of a report's CSV, once the report is generated. */
async function fetchPage(ctx: ConnectorContext, reportid: string, start: number): Promise<string> {
  for (let look = 1; ; look++) {
    const answer = await call(ctx, "fetch", {
      reportid,
      start: String(start),
      num: String(PAGE_SIZE),
      format: "xml",
    });
    if (answer.result?.status !== "Generating") return answer["#text"] ?? "";
    if (look >= GENERATING_LOOKS) {
      throw new ConnectorError("unavailable", "Above.com is still generating the report.");
    }
    await ctx.backoff(look, null);
  }
}

export const above: Connector = {
  id: "above",
  kind: "parking",
  name: "Above.com",
  fields: [
    { name: "username", label: "Above.com user name", secret: false },
    { name: "password", label: "Above.com password", secret: true },
    { name: "apiKey", label: "API key", secret: true, help: "The account's API settings" },
  ],
  imports:
    "A report per day of every domain's figures across its parking services: visitors the services reported, clicks and revenue in US dollars.",
  urlVariable: "ABOVE_API_URL",
  defaultUrl: "https://www.above.com",
  async testCredentials(ctx) {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await call(ctx, "report", { from_date: yesterday, to_date: yesterday });
    return { account: ctx.credentials.username };
  },
  // A report per day: each holds the whole day, and is written while the next is fetched.
  async *dayStats(ctx, from, to) {
    for (const day of daysBetween(from, to)) yield await dayReport(ctx, day);
  },
};
