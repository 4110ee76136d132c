import { escapeXml, sendXml, startFakeHttp } from "./http";
import { statsStore } from "./parking-stats";

/**
 * A local stand-in for Above.com's API as the connector knows it (see
 * server/modules/connections/services/above.ts): `GET /api.php?username&password&api_key&mode`,
 * answers in `<results>`. `mode=report&from_date&to_date` starts a report of each domain's
 * figures over those days and answers `<result reportid status="Generating"/>`; `mode=fetch&reportid
 * &start&num` answers "Generating" for the first `generatingLooks` looks, then the report's rows
 * as CSV (`Name,Total Hits,Total Uniques,Total Reported,Total Clicks,Total Revenue,Total CTR,Total
 * EPC,Total RPM`), the header alone past the last row. A wrong login is error 300.
 */
export async function startFakeAbove(account: { username: string; password: string; apiKey: string }) {
  const stats = statsStore();
  const reports = new Map<string, { from: string; to: string; looks: number }>();
  let nextReport = 1000;
  const fake = { generatingLooks: 1 };
  const error = (code: string, text: string) =>
    `<results><error code="${code}">${escapeXml(text)}</error></results>`;
  const http = await startFakeHttp((req, res) => {
    const q = req.url.searchParams;
    if (req.url.pathname !== "/api.php") return void res.writeHead(404).end();
    if (
      q.get("username") !== account.username ||
      q.get("password") !== account.password ||
      q.get("api_key") !== account.apiKey
    ) {
      return sendXml(res, error("300", "Username or password invalid"));
    }
    const mode = q.get("mode");
    if (mode === "report") {
      const from = q.get("from_date") ?? "";
      const to = q.get("to_date") ?? "";
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to)
        return sendXml(res, error("412", "Period, from_date and to_date combination or value is invalid"));
      const id = String(nextReport++);
      reports.set(id, { from, to, looks: 0 });
      return sendXml(res, `<results><result reportid="${id}" status="Generating" /></results>`);
    }
    if (mode === "fetch") {
      const id = q.get("reportid") ?? "";
      const report = reports.get(id);
      if (!report) return sendXml(res, error("411", "Report ID is Missing or Invalid"));
      report.looks += 1;
      if (report.looks <= fake.generatingLooks)
        return sendXml(res, `<results><result reportid="${id}" status="Generating" /></results>`);
      // Each domain's figures added up over the report's days.
      const byDomain = new Map<string, { visits: number; clicks: number; cents: number }>();
      for (const s of stats.between(report.from, report.to)) {
        const sum = byDomain.get(s.domain) ?? { visits: 0, clicks: 0, cents: 0 };
        sum.visits += s.visits;
        sum.clicks += s.clicks;
        sum.cents += Math.round(Number(s.revenue) * 100);
        byDomain.set(s.domain, sum);
      }
      const start = Number(q.get("start") ?? 0);
      const num = Math.min(Number(q.get("num") ?? 100), 1000);
      const rows = [...byDomain.entries()].slice(start, start + num).map(([name, s]) => {
        const revenue = (s.cents / 100).toFixed(2);
        const ctr = s.visits ? ((s.clicks / s.visits) * 100).toFixed(2) : "0.00";
        const epc = s.clicks ? (s.cents / 100 / s.clicks).toFixed(2) : "0.00";
        const rpm = s.visits ? ((s.cents / 100 / s.visits) * 1000).toFixed(2) : "0.00";
        return `${name},${s.visits * 3},${s.visits},${s.visits},${s.clicks},${revenue},${ctr},${epc},${rpm}`;
      });
      const header =
        "Name,Total Hits,Total Uniques,Total Reported,Total Clicks,Total Revenue,Total CTR,Total EPC,Total RPM";
      return sendXml(res, `<results>\n${escapeXml([header, ...rows].join("\n"))}\n</results>`);
    }
    return sendXml(res, error("400", "Invalid mode parameter"));
  });
  return { ...http, stats, fake, env: { ABOVE_API_URL: http.url } };
}
