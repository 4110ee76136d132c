import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { pdfText } from "./read-pdf";

const FIRST_LOAD = { timeout: 30_000 };
test.describe.configure({ timeout: 120_000 });

test("buying a 12-month forecast in the sandbox delivers a report whose PDF downloads", async ({
  page,
  account: _,
}) => {
  await page.goto("/analytics");
  await page.getByRole("button", { name: "Choose Period" }).click(FIRST_LOAD);
  const dialog = page.getByRole("dialog", { name: "AI Revenue Forecasting" });
  await dialog.getByRole("button", { name: "Get Forecast" }).click();

  await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Pay with Stripe" }).click(FIRST_LOAD);
  await expect(page.getByText("Test mode, no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Pay $249.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/success/, FIRST_LOAD);

  await page.goto("/reports");
  await page.getByRole("link", { name: "Revenue forecast, 12 months" }).click(FIRST_LOAD);
  const download = page.getByRole("link", { name: "Download PDF" });
  await expect(download).toBeVisible({ timeout: 60_000 });
  // A new account has no history: the report says so rather than inventing a forecast.
  await expect(page.getByText(/Not enough history to forecast yet/).first()).toBeVisible();

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const text = pdfText(await readFile((await file.path()) ?? ""));
  expect(text).toContain("Revenue forecast, 12 months");
  expect(text).toContain("Not enough history");
});
