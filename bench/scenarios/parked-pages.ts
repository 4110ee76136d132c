import http from "node:http";
import pg from "pg";
import { defaultBlocks } from "../../shared/api/parked-pages";
import { type Scenario, summarize } from "../lib/context";

const CONNECTIONS = 16;
/** Health and page alternate four times, 4 s each (32 s in all, as two runs of 8 s each were before). */
const ROUNDS = { count: 4, seconds: 4 };
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** The page as a browser downloads it from `host` (fetch cannot name a Host): its bytes on the wire. */
function download(
  url: string,
  host: string,
  encoding: string,
): Promise<{ body: Buffer; encoding: string; cacheControl: string; surrogateKey: string }> {
  return new Promise((resolve, reject) => {
    const headers = { Host: host, Accept: "text/html", "Accept-Encoding": encoding, "User-Agent": BROWSER };
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          body: Buffer.concat(chunks),
          encoding: String(res.headers["content-encoding"] ?? "identity"),
          cacheControl: String(res.headers["cache-control"] ?? ""),
          surrogateKey: String(res.headers["surrogate-key"] ?? ""),
        }),
      );
    });
    req.on("error", reject);
  });
}

/**
 * A verified domain's parked page (standard template with the lead form, server-rendered and
 * cached) against `GET /api/health` in the same run and app process, on the PostgreSQL server,
 * in alternating rounds: throughput and p99 of each, the ratio (median of the rounds', goal ≥ 0.9;
 * p99 ≤ 20 ms in every round), and the page's transfer size
 * (goal ≤ 30 KB compressed). Every page view also counts a visit, as in production.
 */
const scenario: Scenario = {
  name: "parked-pages",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    // Ended before the database is dropped, so no idle connection is terminated under it.
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const app = await ctx.startApp({ databaseUrl: database.url });
    try {
      const { cookie } = await ctx.signUp(app.baseUrl);
      const name = `bench-page-${Date.now().toString(36)}.com`;
      const created = await fetch(`${app.baseUrl}/api/domains`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ name }),
      });
      const domain = (await created.json()) as { id: string };
      await pool.query("update domains set verified_at = now(), verified_by = 'txt' where id = $1", [
        domain.id,
      ]);
      const saved = await fetch(`${app.baseUrl}/api/domains/${domain.id}/page`, {
        method: "PUT",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ template: "standard", blocks: defaultBlocks("standard", name) }),
      });
      if (saved.status !== 200) throw new Error(`page not saved: ${saved.status} ${await saved.text()}`);
      const headers = { Host: name, Accept: "text/html", "Accept-Encoding": "gzip", "User-Agent": BROWSER };
      const html = (await download(`${app.baseUrl}/`, name, "identity")).body.toString("utf8");
      if (!html.includes("Get Free Quotes Now")) throw new Error("the parked page was not served");

      const compared = await ctx.alternate(
        { url: `${app.baseUrl}/api/health`, connections: CONNECTIONS },
        { url: `${app.baseUrl}/`, headers, connections: CONNECTIONS },
        ROUNDS,
      );
      const health = summarize(compared.first);
      const page = summarize(compared.second);
      const size = await download(`${app.baseUrl}/`, name, "gzip");
      const { ratio } = compared;
      return {
        healthReqPerSec: health.reqPerSec,
        healthP99Ms: health.p99Ms,
        pageReqPerSec: page.reqPerSec,
        pageP50Ms: page.p50Ms,
        pageP99Ms: page.p99Ms,
        pageNon2xx: page.non2xx,
        "parked page / health (goal ≥ 0.9)": ratio,
        "parked page / health met": ratio >= 0.9,
        cacheControl: size.cacheControl,
        surrogateKey: size.surrogateKey,
        transferBytes: size.body.length,
        transferEncoding: size.encoding,
        htmlBytes: Buffer.byteLength(html),
        meetsP99Goal: page.p99Ms <= 20,
        meetsSizeGoal: size.body.length <= 30 * 1024,
      };
    } finally {
      await app.stop();
      await pool.end();
      await database.drop();
    }
  },
};

export default scenario;
