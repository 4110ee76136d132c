import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { defaultBlocks } from "../../shared/api/parked-pages";
import { benchPool, freePort, type RawServer, type Scenario, summarize, waitFor } from "../lib/context";

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

/** An answer as it came over the wire: its status, its headers (those Node adds to every answer left out) and body. */
interface Answer {
  status: number;
  headers: string[];
  body: string;
}

const ADDED_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** The answer the app gives to `headers` at `url`, byte for byte. */
function answerOf(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const kept: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (!ADDED_BY_NODE.has(res.rawHeaders[i].toLowerCase()))
              kept.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: kept,
            body: Buffer.concat(chunks).toString("latin1"),
          });
        });
      })
      .on("error", reject);
  });
}

/**
 * A bare `node:http` server in its own process that writes the given answers as they are (`/h`
 * and `/p`): what the same bytes cost Node's HTTP layer, the loopback socket and the load
 * generator without the app.
 */
async function replayServer(answers: { h: Answer; p: Answer }): Promise<RawServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "parkpilot-replay-"));
  const file = path.join(dir, "answers.json");
  await writeFile(file, JSON.stringify(answers));
  const port = await freePort();
  const script = `const a=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8'));
require('http').createServer((q,s)=>{const x=q.url==='/h'?a.h:a.p;s.writeHead(x.status,x.headers);s.end(x.body,'latin1')}).listen(+process.argv[2],'127.0.0.1')`;
  const child = spawn(process.execPath, ["-e", script, file, String(port)], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitFor(`${url}h`, 10_000);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return {
    url,
    close: () => {
      child.kill("SIGTERM");
      void rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A verified domain's parked page (standard template with the lead form, server-rendered and
 * cached) against `GET /api/health` in the same run and app process, on the PostgreSQL server,
 * in alternating rounds: throughput and p99 of each, the ratio (median of the rounds', goal ≥ 0.9;
 * p99 ≤ 20 ms in every round), and the page's transfer size
 * (goal ≤ 30 KB compressed). Every page view also counts a visit, as in production. Beside it, the
 * same two answers replayed by a bare `node:http` server, in the same alternating rounds: the
 * ratio their bytes allow on this machine, whatever the app does.
 */
const scenario: Scenario = {
  name: "parked-pages",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    // Ended before the database is dropped, so no idle connection is terminated under it.
    const pool = benchPool({ connectionString: database.url, max: 2 });
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
      // The same two answers, byte for byte, from a bare server: the ratio the bytes alone allow.
      const replay = await replayServer({
        h: await answerOf(`${app.baseUrl}/api/health`, {}),
        p: await answerOf(`${app.baseUrl}/`, headers),
      });
      let bare: number;
      try {
        bare = (
          await ctx.alternate(
            { url: `${replay.url}h`, connections: CONNECTIONS },
            { url: `${replay.url}p`, connections: CONNECTIONS },
            ROUNDS,
          )
        ).ratio;
      } finally {
        replay.close();
      }
      return {
        healthReqPerSec: health.reqPerSec,
        healthP99Ms: health.p99Ms,
        pageReqPerSec: page.reqPerSec,
        pageP50Ms: page.p50Ms,
        pageP99Ms: page.p99Ms,
        pageNon2xx: page.non2xx,
        "parked page / health (goal ≥ 0.9)": ratio,
        "parked page / health met": ratio >= 0.9,
        "the same two answers from a bare node:http server: page / health": bare,
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
