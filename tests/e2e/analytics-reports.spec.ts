import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { pdfText } from "./read-pdf";

const FIRST_LOAD = { timeout: 30_000 };
test.describe.configure({ timeout: 120_000 });

test("a forecast says before the purchase that a new account's history is too short; a report bought in the sandbox downloads as a PDF", async ({
  page,
  account: _,
}) => {
  await page.goto("/analytics");
  await page.getByRole("button", { name: "Choose Period" }).click(FIRST_LOAD);
  const forecast = page.getByRole("dialog", { name: "AI Revenue Forecasting" });
  // A new account has no history: the dialog says what a forecast needs, and nothing is sold.
  await expect(forecast.getByTestId("forecast-history")).toContainText("A forecast needs 56 days of revenue");
  await expect(forecast.getByRole("button", { name: "Get Forecast" })).toBeDisabled();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Choose Report" }).click();
  await page
    .getByRole("dialog", { name: "Custom Reports" })
    .getByRole("button", { name: "Order Report" })
    .click();
  await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Pay with Stripe" }).click(FIRST_LOAD);
  await expect(page.getByText("Test mode, no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Pay $149.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/success/, FIRST_LOAD);
  // The success page says where the report stands, not a general turnaround, and leads to it.
  await expect(page.getByTestId("order-activated")).toContainText(
    /Your report is (ready|being built)/,
    FIRST_LOAD,
  );
  await page.getByRole("link", { name: /(Open|Follow) Your Report/ }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  const download = page.getByRole("link", { name: "Download PDF" });
  await expect(download).toBeVisible({ timeout: 60_000 });

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const text = pdfText(await readFile((await file.path()) ?? ""));
  expect(text).toContain("Comprehensive analytics report");
});
