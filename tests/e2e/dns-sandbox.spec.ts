import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { waitFor } from "../setup/app-process";
import { bareEnv, killGroup, type Running, start } from "../setup/child-process";
import { expect, registerThroughApi, test, toast, uniqueAccount } from "./fixtures";

// A fresh `npm run dev` (its first start migrates a new data folder and seeds the demo) on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** The newcomer's development server: `npm run dev` with no environment but a port and a data folder. */
const devPort = Number(process.env.E2E_PORT ?? 5100) + 2;
const devUrl = `http://127.0.0.1:${devPort}`;
let dev: Running;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "parkpilot-dns-sandbox-"));
  dev = start("npm", ["run", "--silent", "dev"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: bareEnv({ PORT: String(devPort), PGLITE_DIR: dataDir, LOG_LEVEL: "warn" }),
    timeoutMs: 230_000,
  });
  await waitFor(`${devUrl}/api/health`, 180_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${dev.output().stderr}`);
  });
});

test.afterAll(() => {
  killGroup(dev.child);
  rmSync(dataDir, { recursive: true, force: true });
});

test("a fresh dev server proves a domain from records published in the app and serves its parked page", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ baseURL: devUrl });
  const page = await context.newPage();
  await registerThroughApi(page, uniqueAccount());
  const name = `sandbox-${Date.now().toString(36)}.com`;
  const added = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto("/domains");
  await page.getByRole("button", { name: "Manage Domain" }).click();
  const sandbox = page.getByRole("region", { name: "DNS sandbox (development only)" });
  await expect(sandbox).toContainText("development only");
  await sandbox.getByRole("button", { name: "Publish the TXT record" }).click();
  await expect(sandbox.getByTestId("sandbox-records")).toContainText("parkpilot-verify=");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`dns-sandbox-${width}.png`) });
  }
  await page.getByRole("button", { name: "Verify now" }).click();
  await expect(toast(page).filter({ hasText: "Domain Verified" })).toContainText(`${name} is verified`);

  // The verified name's own host gets its parked page from the same dev server.
  const visitorBrowser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--host-resolver-rules=MAP ${name} 127.0.0.1`],
  });
  const visitor = await visitorBrowser.newPage();
  await visitor.goto(`http://${name}:${devPort}/`);
  await expect(visitor).toHaveTitle(name);
  await expect(visitor.getByRole("button", { name: "Get Free Quotes Now" })).toBeVisible();
  await visitorBrowser.close();
  await context.close();
});
