import { readFile } from "node:fs/promises";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { expect, test, toast } from "./fixtures";
import { signInAsStaff } from "./staff";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("staff deliver a paid enterprise appraisal's review with a file, and the buyer downloads it from the domain's service record", async ({
  page,
  account,
  browser,
}) => {
  // Two people, a checkout and a console: longer than one page's test.
  test.setTimeout(300_000);
  // The owner buys an enterprise appraisal (the tier an analyst reviews) and pays for it on the sandbox checkout.
  const domainName = `wo${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;
  const domain = await page.request.post(DOMAIN_PATHS.list, { data: { name: domainName } });
  expect(domain.status(), await domain.text()).toBe(201);
  const domainId = ((await domain.json()) as { id: string }).id;
  const order = await page.request.post("/api/domain-services/appraisal", {
    data: { type: "enterprise", price: "499.99", domainId },
  });
  expect(order.status(), await order.text()).toBe(201);
  await page.goto((await order.json()).checkoutUrl);
  // Under a dev server each page's code is compiled on its first visit: the first step of a page waits longer.
  await page.getByRole("button", { name: "Pay with Stripe" }).click({ timeout: 60_000 });
  await page.getByRole("button", { name: "Pay $499.99" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 60_000 });

  // Staff, in their own browser context, find it in the queue, start it, add the report, deliver it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, "staff-work-orders@example.com");
  await staff.goto("/admin/work-orders");
  await expect(staff.getByRole("heading", { name: "Work orders", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await staff.getByLabel("Title or buyer email").fill(account.email);
  await staff.getByRole("button", { name: "Search" }).click();
  const row = staff
    .getByRole("table", { name: "Work orders" })
    .getByRole("row")
    .filter({ hasText: domainName });
  await expect(row).toContainText("Queued", { timeout: 60_000 });
  await expect(row).toContainText("Unassigned");
  await row.getByRole("button", { name: /^Open/ }).click();
  const dialog = staff.getByRole("dialog", {
    name: `Enterprise appraisal of ${domainName} (1 week turnaround)`,
  });
  await expect(dialog.getByRole("button", { name: "Start Work" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Start Work" }).click();
  await expect(toast(staff)).toContainText("Work Started");
  await expect(dialog.getByRole("button", { name: "Deliver to Buyer" })).toBeDisabled();
  await dialog
    .getByLabel(/^Deliverable file/)
    .setInputFiles({ name: "appraisal.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByRole("button", { name: "Upload File" }).click();
  await expect(dialog.getByRole("region", { name: "Deliverables" })).toContainText("appraisal.pdf");
  await dialog.getByLabel("Deliverable text").fill("Estimated value: $4,000 to $5,500.");
  await dialog.getByRole("button", { name: "Add Text" }).click();
  await expect(dialog.getByRole("region", { name: "Deliverables" })).toContainText("Estimated value");
  await dialog.getByRole("button", { name: "Deliver to Buyer" }).click();
  await expect(dialog).toContainText("Delivered");
  await dialog.getByRole("button", { name: "Close" }).click();
  await staffContext.close();

  // The buyer sees the delivery on the domain's service record and downloads the file.
  await page.goto("/domains");
  await page
    .getByRole("region", { name: "Premium Domain Services" })
    .getByLabel("Domain", { exact: true })
    .selectOption({ label: domainName }, { timeout: 60_000 });
  const record = page.getByRole("list", { name: "Domain services" });
  await expect(record).toContainText("Enterprise Appraisal", { timeout: 60_000 });
  await expect(record).toContainText("Delivered");
  await expect(record).toContainText("Estimated value: $4,000 to $5,500.");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    record.getByRole("link", { name: "Download appraisal.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("appraisal.pdf");
  expect(Buffer.compare(await readFile(await download.path()), PDF)).toBe(0);
});
