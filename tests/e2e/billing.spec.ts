import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { pdfText } from "./read-pdf";

test("a monthly plan bought in the sandbox is under Billing: cancel, resume, and a PDF receipt that reads right", async ({
  page,
  account,
}, testInfo) => {
  const order = await page.request.post("/api/settings/account-upgrade", {
    data: { plan: "business", price: "79.00" },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };

  await page.goto(`/checkout/service/${orderId}`);
  await expect(page.getByRole("link", { name: "Back: pay later" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Pay with Stripe" }).click();
  await expect(page.getByText("Test mode, no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Pay $79.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);

  await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Billing" });
  const sub = billing.getByTestId("subscription");
  await expect(sub).toContainText("Business account plan", { timeout: 20_000 });
  await expect(sub).toContainText("$79.00 per month");
  await expect(sub).toContainText(/Renews on/);
  await expect(page.getByTestId("account-plan")).toContainText("Business");
  await expect(page.getByTestId("sidebar-plan")).toHaveText("Business plan");

  await sub.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(sub).toContainText("Cancels at period end");
  await expect(sub).toContainText(/Ends on/);
  await sub.getByRole("button", { name: "Resume" }).click();
  await expect(sub).toContainText(/Renews on/);
  await expect(sub.getByRole("button", { name: "Cancel subscription" })).toBeVisible();

  await billing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("billing-desktop.png"), fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await billing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("billing-390.png"), fullPage: false });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const receipt = billing.getByTestId("receipt").first();
  await expect(receipt).toContainText("$79.00");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    receipt.getByRole("link", { name: /PDF/ }).click(),
  ]);
  const text = pdfText(await readFile((await download.path()) ?? ""));
  expect(text).toContain("Receipt");
  expect(text).toContain(orderId);
  expect(text).toContain("Business account plan");
  expect(text).toContain("$79.00");
  expect(text).toContain(account.email);
});

test("an unpaid order is left from its checkout, listed under Billing, and cancelled there", async ({
  page,
  account: _,
}) => {
  const order = await page.request.post("/api/settings/support-subscription", {
    data: { tier: "vip", price: "179.00" },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };

  await page.goto(`/checkout/service/${orderId}`);
  await page.getByRole("link", { name: "Back: pay later" }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/settings#billing$/);
  const unpaid = page
    .getByRole("region", { name: "Billing" })
    .getByRole("listitem")
    .filter({ hasText: "VIP support subscription" });
  await expect(unpaid).toContainText("$179.00");
  await unpaid.getByRole("button", { name: "Cancel order" }).click();
  await expect(unpaid).toHaveCount(0);
});
