import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../../tests/setup/chromium";
import { freePort, type Scenario, waitFor } from "../lib/context";

/** Sums the gzip size of every script the browser loads for `/`. */
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
    return Math.round((bytes / 1024) * 10) / 10;
  } finally {
    await browser.close();
  }
}

/** Time from spawning the production server on an existing embedded data folder to its first 200. */
async function coldStartMs(): Promise<number> {
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
          DATABASE_URL: "",
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
    const baseline = await ctx.baseline();
    const database = await ctx.freshDatabase();
    const app = await ctx.startApp({ databaseUrl: database.url });
    try {
      const health = await ctx.load({
        url: `${app.baseUrl}/api/health`,
        connections: 16,
        durationSeconds: 5,
      });
      return {
        "baseline node:http req/s": baseline.reqPerSec,
        "GET /api/health req/s": health.reqPerSec,
        "health ratio (goal ≥ 0.25)": Math.round((health.reqPerSec / baseline.reqPerSec) * 100) / 100,
        "landing JS gzip KB (goal ≤ 80)": await landingJsGzipKb(app.baseUrl),
        "cold start ms, existing embedded data (goal ≤ 3000)": await coldStartMs(),
      };
    } finally {
      await app.stop();
      await database.drop();
    }
  },
};

export default scenario;
