import { type Browser, chromium } from "@playwright/test";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../setup/app-process";
import { testChromiumLaunchOptions } from "../setup/chromium";
import { createServerDatabase } from "../setup/test-database";

/**
 * The confirm-it's-you prompt in a real browser: a sign-in made older than ten minutes (in the
 * session row, on the PostgreSQL server the app process uses), then a payout-settings change.
 */
let database: Awaited<ReturnType<typeof createServerDatabase>>;
let app: AppProcess;
let sql: pg.Pool;
let browser: Browser;

beforeAll(async () => {
  database = await createServerDatabase();
  app = await startAppProcess({ DATABASE_URL: database.url });
  sql = new pg.Pool({ connectionString: database.url, max: 1 });
  sql.on("error", () => undefined);
  browser = await chromium.launch(testChromiumLaunchOptions);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await sql?.end();
  await database?.drop();
});

describe("re-authentication in the browser", () => {
  it("asks for the password when saving payout settings on an old sign-in, then saves them", async () => {
    const page = await browser.newPage();
    const password = "reauth-browser-password";
    const registered = await page.request.post(`${app.baseUrl}/api/auth/register`, {
      data: { name: "Reauth Owner", username: "reauth_owner", email: "reauth@example.com", password },
    });
    expect(registered.status()).toBe(201);
    await sql.query(`update session set sess = jsonb_set(sess::jsonb, '{authAt}', '0')::json`);

    await page.goto(`${app.baseUrl}/settings`);
    await page.getByLabel("Minimum Payout Amount").fill("80");
    await page.getByRole("button", { name: "Save Payout Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await dialog.waitFor();
    await dialog.getByLabel("Password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByRole("alert").filter({ hasText: "That password is incorrect." }).waitFor();

    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(
        async () => (await (await page.request.get(`${app.baseUrl}/api/payments/settings`)).json()).minPayout,
      )
      .toBe("80.00");
    await page.close();
  });
});
