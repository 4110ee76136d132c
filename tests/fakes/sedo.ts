import { escapeXml, sendXml, startFakeHttp } from "./http";
import { statsStore } from "./parking-stats";

/**
 * A local stand-in for Sedo's HTTP API (api.sedo.com/api/v1/<Function>): the partner named by
 * `partnerid` and `signkey`, the account by `username` and `password`, `output_method=xml`;
 * answers are XML, a failure a `SEDOFAULT` (E0100: the login is wrong). Function
 * `DomainParkingFinalStatistics` answers one `date`'s statistics, an `item` per domain. With
 * `cutShort` set, each answer ends in the middle of its last record (before its closing tag when
 * it has none), as a dropped connection leaves it.
 */
export async function startFakeSedo(account: {
  partnerId: string;
  signKey: string;
  username: string;
  password: string;
}) {
  const stats = statsStore();
  const fault = (code: string, text: string) =>
    `<SEDOFAULT><faultcode type="xsd:string">${code}</faultcode><faultstring type="xsd:string">${escapeXml(text)}</faultstring></SEDOFAULT>`;
  const http = await startFakeHttp((req, res) => {
    const q = req.url.searchParams;
    if (
      q.get("partnerid") !== account.partnerId ||
      q.get("signkey") !== account.signKey ||
      q.get("username") !== account.username ||
      q.get("password") !== account.password
    ) {
      return sendXml(res, fault("E0100", "Invalid login data"));
    }
    if (req.url.pathname !== "/api/v1/DomainParkingFinalStatistics") {
      return sendXml(res, fault("E0001", "Unknown function"));
    }
    const date = q.get("date") ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return sendXml(res, fault("E0200", "Invalid date"));
    const items = stats
      .day(date)
      .map(
        (s) =>
          `<item><domain type="xsd:string">${s.domain}</domain><date type="xsd:date">${s.day}</date><visitors type="xsd:int">${s.visits}</visitors><clicks type="xsd:int">${s.clicks}</clicks><earnings type="xsd:double">${s.revenue}</earnings><currency type="xsd:string">${s.currency}</currency></item>`,
      )
      .join("");
    const answer = `<SEDOSTATS>${items}</SEDOSTATS>`;
    if (!fake.cutShort) return sendXml(res, answer);
    const lastRecord = answer.lastIndexOf("<clicks");
    return sendXml(res, answer.slice(0, lastRecord > 0 ? lastRecord : -"</SEDOSTATS>".length));
  });
  const fake = { ...http, stats, cutShort: false, env: { SEDO_API_URL: http.url } };
  return fake;
}
