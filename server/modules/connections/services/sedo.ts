import { runInWorker } from "../../../workers/worker-pool";
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

/** Sedo's fault codes for a bad partner id, sign key or login (api.sedo.com/apidocs). */
const LOGIN_FAULTS = new Set(["E0100", "E0101", "E0102", "E0103", "E0104"]);

/**
 * One GET of Sedo's HTTP interface (api.sedo.com/api/v1/<Function>): partner id and sign key
 * name the partner, user name and password the account; answers are XML, a fault is SEDOFAULT.
 */
async function call(ctx: ConnectorContext, fn: string, params: Record<string, string>) {
  const { partnerId, signKey, username, password } = ctx.credentials;
  const query = new URLSearchParams({
    partnerid: partnerId,
    signkey: signKey,
    username,
    password,
    output_method: "xml",
    ...params,
  });
  return withBackoff(ctx, async () => {
    const res = await reach("Sedo", `${ctx.baseUrl.replace(/\/$/, "")}/api/v1/${fn}?${query}`);
    if (res.status === 429 || res.status === 503) {
      throw new ConnectorError(
        "throttled",
        "Sedo asked to slow down.",
        retryAfter(res.headers.get("retry-after")),
      );
    }
    if (!res.ok) throw new ConnectorError("unavailable", `Sedo answered HTTP ${res.status}.`);
    // A day of 10,000 names is megabytes of XML: it is read in a worker thread.
    const body = await runInWorker("xmlRecords", {
      xml: await answerText("Sedo", res),
      records: ["item", "SEDOFAULT"],
    }).catch((error: unknown) => {
      throw new ConnectorError("unavailable", "Sedo's answer could not be read.", null, {
        cause: error,
      });
    });
    const fault = body.records.SEDOFAULT[0];
    if (fault) {
      const code = fault.faultcode ?? "";
      if (LOGIN_FAULTS.has(code)) {
        throw new ConnectorError(
          "credentials",
          "Sedo refused the login: check the partner id, sign key, user name and password.",
        );
      }
      throw new ConnectorError("refused", `Sedo answered ${code}: ${fault.faultstring ?? "no details"}.`);
    }
    if (body.root !== "SEDOSTATS" || !body.complete)
      throw new ConnectorError(
        "unavailable",
        body.root === "SEDOSTATS" ? "Sedo's answer was cut short." : "Sedo's answer was not its statistics.",
      );
    return body.records.item;
  });
}

export const sedo: Connector = {
  id: "sedo",
  kind: "parking",
  name: "Sedo",
  fields: [
    { name: "partnerId", label: "Partner ID", secret: false },
    { name: "signKey", label: "Sign key", secret: true },
    { name: "username", label: "Sedo user name", secret: false },
    { name: "password", label: "Sedo password", secret: true },
  ],
  imports:
    "Final parking statistics per domain and day: unique visitors, clicks and earnings in the account's currency.",
  urlVariable: "SEDO_API_URL",
  defaultUrl: "https://api.sedo.com",
  async testCredentials(ctx) {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await call(ctx, "DomainParkingFinalStatistics", { date: yesterday });
    return { account: ctx.credentials.username };
  },
  async *dayStats(ctx, from, to) {
    // Final statistics come one day per call: each answer is a batch.
    for (const day of daysBetween(from, to)) {
      const items = await call(ctx, "DomainParkingFinalStatistics", { date: day });
      const stats: DayStat[] = [];
      for (const item of items) {
        stats.push({
          domain: String(item.domain).toLowerCase(),
          day: String(item.date ?? day).slice(0, 10),
          visits: Number(item.visitors ?? 0),
          clicks: Number(item.clicks ?? 0),
          revenue: String(item.earnings ?? "0"),
          currency: String(item.currency ?? "EUR").toUpperCase(),
        });
      }
      yield stats;
    }
  },
};
