import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../../tests/setup/chromium";
import { freePort, type RawServer, type Scenario, summarize, waitFor } from "../lib/context";

/** Sums the gzip size of every script the browser loads for `/`, in kB (1,000 bytes, as .size-limit.cjs). */
async function landingJsGzipKb(baseUrl: string): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on("response", (res) => {
      if (res.request().resourceType() === "script" && res.url().startsWith(baseUrl))
        scripts.add(new URL(res.url()).pathname);
    });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    let bytes = 0;
    for (const file of scripts) bytes += gzipSync(await readFile(path.join("dist/public", file))).length;
    return Math.round(bytes / 100) / 10;
  } finally {
    await browser.close();
  }
}

/**
 * Time from spawning the production server on existing data to its first 200: an embedded data
 * folder, or (`databaseUrl`) a database on the PostgreSQL server. The first start creates and
 * migrates the data; the second is measured.
 */
async function coldStartMs(databaseUrl = ""): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "parkpilot-cold-"));
  try {
    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ["dist/server/index.js"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          PGLITE_DIR: dir,
          DATABASE_URL: databaseUrl,
          SESSION_SECRET: "bench-session-secret-0123456789",
          LOG_LEVEL: "warn",
        },
        stdio: "ignore",
      });
      const ms = await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000);
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
      return ms;
    };
    await start(); // creates, migrates and seeds the data folder
    return Math.round(await start());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const scenario: Scenario = {
  name: "foundation",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    const app = await ctx.startApp({ databaseUrl: database.url });
    let raw: RawServer | undefined;
    try {
      raw = await ctx.rawServer();
      const compared = await ctx.alternate(
        { url: raw.url, connections: 16 },
        { url: `${app.baseUrl}/api/health`, connections: 16 },
        { count: 4, seconds: 3 },
      );
      raw.close();
      const baseline = summarize(compared.first);
      const health = summarize(compared.second);
      const healthRatio = compared.ratio;
      const landingKb = await landingJsGzipKb(app.baseUrl);
      await app.stop();
      const coldEmbedded = await coldStartMs();
      const coldDatabase = await ctx.freshDatabase();
      const coldPostgres = await coldStartMs(coldDatabase.url).finally(() => coldDatabase.drop());
      return {
        "raw node:http req/s, same rounds": baseline.reqPerSec,
        "GET /api/health req/s": health.reqPerSec,
        "health ratio (goal ≥ 0.25)": healthRatio,
        "health ratio met": healthRatio >= 0.25,
        "landing JS gzip KB (goal ≤ 70)": landingKb,
        "landing JS gzip KB met": landingKb <= 70,
        "cold start ms, existing embedded data (goal ≤ 1000)": coldEmbedded,
        "cold start ms, existing embedded data met": coldEmbedded <= 1000,
        "cold start ms, existing PostgreSQL database (goal ≤ 1500)": coldPostgres,
        "cold start ms, existing PostgreSQL database met": coldPostgres <= 1500,
      };
    } finally {
      raw?.close();
      await app.stop();
      await database.drop();
    }
  },
};

export default scenario;
