import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../../tests/setup/chromium";
import type { Figures, Scenario } from "../lib/context";

const RUNS = 10;
const GOAL_MS = 1000;

/**
 * Milliseconds from `since` (on the page's clock) to the end of the last response the page
 * received: every card's first read answered, every chunk in.
 */
const lastResponseMs = (page: Page, since = 0) =>
  page.evaluate(
    (from) =>
      Math.max(
        0,
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime >= from)
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd - from),
      ),
    since,
  );

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
};

/** The demo signed in, in a new browser context (no cache, as a first visit on a device). */
async function signedIn(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post("/api/auth/login", {
    data: { usernameOrEmail: "demo@example.com", password: "demo-password" },
  });
  if (res.status() !== 200) throw new Error(`demo sign-in answered ${res.status()}`);
  return page;
}

/**
 * The Settings page as the demo opens it in Chromium, on the embedded engine seeded as
 * `npm run db:seed` seeds it: typed in the address bar with an empty cache (first visit), again
 * with the cache (a reload), and from the sidebar of the dashboard. Each time: until the last
 * response (every card's read and every chunk) has arrived.
 */
const scenario: Scenario = {
  name: "settings-page",
  async run(ctx) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "parkpilot-bench-settings-"));
    const env = { PGLITE_DIR: dir, LOG_LEVEL: "error" };
    await promisify(execFile)(process.execPath, ["dist/server/seed-cli.js"], {
      env: { ...process.env, ...env, NODE_ENV: "production", SESSION_SECRET: "bench-seed-session-secret" },
    });
    const app = await ctx.startApp({ env });
    const browser = await chromium.launch(chromiumLaunchOptions);
    const figures: Figures = {};
    try {
      const first: number[] = [];
      const reload: number[] = [];
      const fromSidebar: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const page = await signedIn(browser, app.baseUrl);
        await page.goto("/settings", { waitUntil: "networkidle" });
        first.push(await lastResponseMs(page));
        await page.reload({ waitUntil: "networkidle" });
        reload.push(await lastResponseMs(page));
        await page.goto("/dashboard", { waitUntil: "networkidle" });
        const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" });
        await link.hover();
        const clickedAt = await page.evaluate(() => performance.now());
        await link.click();
        await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
        await page.waitForLoadState("networkidle");
        fromSidebar.push(await lastResponseMs(page, clickedAt));
        await page.context().close();
      }
      for (const [name, samples] of [
        ["first visit (empty cache)", first],
        ["reload", reload],
        ["from the sidebar", fromSidebar],
      ] as const) {
        figures[`${name}: p50 ms`] = percentile(samples, 0.5);
        figures[`${name}: max ms (goal < ${GOAL_MS})`] = percentile(samples, 1);
      }
      figures["goal met"] = [...first, ...reload, ...fromSidebar].every((ms) => ms < GOAL_MS);
      return figures;
    } finally {
      await browser.close();
      await app.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default scenario;
