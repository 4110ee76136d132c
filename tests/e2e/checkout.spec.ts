import type { Page } from "@playwright/test";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { expect, test } from "./fixtures";

const uniqueName = () => `buy${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;

/** Adds a domain and orders a professional appraisal of it through the purchase API. */
async function orderAppraisal(page: Page) {
  const domainName = uniqueName();
  const domain = await page.request.post(DOMAIN_PATHS.list, { data: { name: domainName } });
  expect(domain.status(), await domain.text()).toBe(201);
  const { id: domainId } = (await domain.json()) as { id: string };
  const order = await page.request.post("/api/domain-services/appraisal", {
    data: { type: "professional", price: "99.99", domainId },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId, checkoutUrl } = (await order.json()) as { orderId: string; checkoutUrl: string };
  return { domainName, orderId, checkoutUrl };
}

test("an appraisal is paid in the sandbox: checkout, Pay, success, then the order reads as already paid", async ({
  page,
  account: _account,
}) => {
  const domainName = uniqueName();
  const domain = await page.request.post(DOMAIN_PATHS.list, { data: { name: domainName } });
  expect(domain.status(), await domain.text()).toBe(201);

  // Buy it as a user does: the premium-services panel of the portfolio.
  await page.goto("/domains");
  const panel = page.getByRole("region", { name: "Premium Domain Services" });
  await panel.getByLabel("Domain", { exact: true }).selectOption({ label: domainName }, { timeout: 20_000 });
  await panel.getByRole("button", { name: "Order Appraisal" }).click();
  const dialog = page.getByRole("dialog", { name: "Domain Appraisal" });
  await dialog.getByText("Professional", { exact: true }).click();
  await dialog.getByRole("button", { name: "Order Appraisal" }).click();
  await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  const checkoutUrl = new URL(page.url()).pathname;
  const orderId = checkoutUrl.split("/").at(-1) ?? "";

  await expect(page.getByRole("heading", { name: "Professional Appraisal" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(domainName).first()).toBeVisible();
  await expect(page.getByText("$99.99")).toBeVisible();
  await expect(page.getByText("pending", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pay with Stripe" }).click();

  await expect(page).toHaveURL(new RegExp(`/api/checkout/sandbox/${orderId}\\?provider=stripe$`));
  await expect(page.getByText("Test mode, no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Pay $99.99" }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/success\\?order=${orderId}$`));
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("You will receive a confirmation email shortly.")).toBeVisible();
  await expect(page.getByText(`Professional appraisal of ${domainName}`)).toBeVisible();

  await page.goto(checkoutUrl);
  await expect(page.getByText("This service order has already been paid for.")).toBeVisible();
  await expect(page.getByText("paid", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay with Stripe" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The paid appraisal is computed at once: its record is active and links its report.
  await page.goto("/domains");
  await page
    .getByRole("region", { name: "Premium Domain Services" })
    .getByLabel("Domain", { exact: true })
    .selectOption({ label: domainName }, { timeout: 20_000 });
  const services = page.getByRole("list", { name: "Domain services" });
  await expect(services).toContainText("Professional Appraisal");
  await expect(services).toContainText("Active");
  await expect(services.getByRole("link", { name: "Read the appraisal report" })).toBeVisible();
});

test("cancelling on the hosted page returns to checkout with the cancelled notice, and the retry works", async ({
  page,
  account: _account,
}) => {
  const { orderId, checkoutUrl } = await orderAppraisal(page);

  await page.goto(checkoutUrl);
  await page.getByRole("button", { name: "Pay with PayPal" }).click({ timeout: 20_000 });
  await expect(page.getByText("Test mode, no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/service/${orderId}\\?cancelled=true$`));
  await expect(page.getByText("Your payment was cancelled and you have not been charged.")).toBeVisible();
  await expect(page.getByText("pending", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page.getByText("Test mode, no money moves")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $99.99" })).toBeEnabled();
});

test("an order that is not the user's shows 'Service order not found' with a way back", async ({
  page,
  account: _account,
}) => {
  await page.goto("/checkout/service/00000000-0000-4000-8000-000000000000");

  await expect(page.getByText("Service order not found")).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
