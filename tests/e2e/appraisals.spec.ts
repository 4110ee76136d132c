import { readFile } from "node:fs/promises";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { expect, test } from "./fixtures";
import { pdfText } from "./read-pdf";

test("an owner buys a basic appraisal, reads the report within seconds and downloads it as a PDF", async ({
  page,
  account: _account,
}) => {
  test.setTimeout(180_000);
  const domainName = `sunnyhotels${Date.now().toString(36)}.com`;
  const domain = await page.request.post(DOMAIN_PATHS.list, { data: { name: domainName } });
  expect(domain.status(), await domain.text()).toBe(201);
  const domainId = ((await domain.json()) as { id: string }).id;
  const order = await page.request.post("/api/domain-services/appraisal", {
    data: { type: "basic", price: "29.99", domainId },
  });
  expect(order.status(), await order.text()).toBe(201);
  await page.goto((await order.json()).checkoutUrl);
  await page.getByRole("button", { name: "Pay with Stripe" }).click({ timeout: 60_000 });
  await page.getByRole("button", { name: "Pay $29.99" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 60_000 });

  await page.goto("/reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible({ timeout: 60_000 });
  const row = page.getByRole("table", { name: "Reports" }).getByRole("row").filter({ hasText: domainName });
  await expect(row).toContainText("Ready", { timeout: 30_000 });
  await row.getByRole("link", { name: `Basic appraisal of ${domainName}` }).click();

  const report = page.getByRole("article", { name: `Basic appraisal of ${domainName}` });
  await expect(report).toContainText(`${domainName} is worth about $`);
  await expect(report.getByRole("heading", { name: "Name features" })).toBeVisible();
  await expect(report.getByRole("heading", { name: "How accurate this engine has been" })).toBeVisible();
  await expect(report).toContainText("Not enough sales yet");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    report.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  const text = pdfText(await readFile(await download.path()));
  expect(text).toContain(`Basic appraisal of ${domainName}`);
  expect(text).toContain("Estimated value: $");
  expect(text).toContain("Name features");
});

test("adding a domain shows its free estimate as the name is typed", async ({ page, account: _account }) => {
  await page.goto("/domains");
  await page.getByRole("button", { name: "Add Domain" }).first().click({ timeout: 60_000 });
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await dialog.getByLabel("Domain name").fill("lamp.com");
  await expect(dialog.getByRole("status", { name: "Free estimate" })).toContainText(
    "Free estimate for lamp.com: $",
    {
      timeout: 30_000,
    },
  );
});
